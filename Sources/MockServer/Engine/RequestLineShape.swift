/// The spacing of a request line, read byte by byte as it arrives: RFC 9112 §3 has exactly one space between the
/// method and the target and one between the target and the version, and no other whitespace. evhttp splits the line
/// at its first and last space, so `GET  /x HTTP/1.1` reaches it with the target ` /x`; a front proxy may read the
/// line otherwise.
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
        for byte in bytes { read(byte) }
    }

    /// Once the whole line has been read: nil when it is three parts, each after one space.
    var flaw: RequestFlaw? {
        guard hasStrayWhitespace || afterSpace || spaces != 2 else { return nil }
        return .malformed("the request line is not a method, a target and a version with one space between each")
    }
}
