#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The spacing of a request line, read as it arrives: RFC 9112 §3 has exactly one space between the method and the
/// target and one between the target and the version, and no other whitespace. evhttp splits the line at its first
/// and last space, so `GET  /x HTTP/1.1` reaches it with the target ` /x`; a front proxy may read the line otherwise.
/// Every request pays for this, so a run of bytes is searched for spaces and tabs rather than looked at byte by byte.
struct RequestLineShape {
    private var spaces = 0
    /// Whether the last byte was a space; true at the start, where a space is a flaw too.
    private var afterSpace = true
    private var hasStrayWhitespace = false

    mutating func read(_ byte: UInt8) {
        if byte == UInt8(ascii: " ") {
            hasStrayWhitespace = hasStrayWhitespace || afterSpace
            spaces += 1
            afterSpace = true
        } else {
            hasStrayWhitespace = hasStrayWhitespace || byte == UInt8(ascii: "\t")
            afterSpace = false
        }
    }

    mutating func read(_ bytes: Slice<UnsafeRawBufferPointer>) {
        guard !bytes.isEmpty, let base = bytes.base.baseAddress else { return }
        let start = base + bytes.startIndex
        let count = bytes.count
        if memchr(start, Int32(UInt8(ascii: "\t")), count) != nil { hasStrayWhitespace = true }
        var offset = 0
        while let space = memchr(start + offset, Int32(UInt8(ascii: " ")), count - offset) {
            let at = UnsafeRawPointer(space) - start
            // A space right after the previous one, or first in the line.
            hasStrayWhitespace = hasStrayWhitespace || (at == offset && afterSpace)
            spaces += 1
            afterSpace = true
            offset = at + 1
            if offset == count { return }
        }
        afterSpace = false
    }

    /// Once the whole line has been read: nil when it is three parts, each after one space.
    var flaw: RequestFlaw? {
        guard hasStrayWhitespace || afterSpace || spaces != 2 else { return nil }
        return .malformed("the request line is not a method, a target and a version with one space between each")
    }
}
