#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a request is refused although evhttp parsed it: the status and a sentence for the log.
package struct RequestFlaw: Sendable, Equatable {
    /// 400, or 505 for an HTTP version other than 1.0 and 1.1.
    package let status: Int
    /// What is wrong with the request, for the log.
    package let reason: String

    static func malformed(_ reason: String) -> RequestFlaw { RequestFlaw(status: 400, reason: reason) }
}

/// Reads the raw bytes of one request head as they arrive, before evhttp parses them, for what evhttp accepts but
/// RFC 9112 does not: a NUL or another control character, a bare CR, a folded header line (obs-fold, or whitespace
/// before the first header), a version other than `HTTP/1.0` or `HTTP/1.1`, a request line spaced otherwise than
/// with one space between its parts (`RequestLineShape`), and an HTTP/1.1 request without exactly one `Host`.
/// (evhttp reads C strings, so a NUL silently cuts a value short, and it joins folded lines.) A bare LF ends a line,
/// as RFC 9112 §2.2 allows. It also notes whether the head has a `Transfer-Encoding` field, for the body scan.
///
/// Feed it bytes until `isComplete`: the empty line that ends the head was seen, or a flaw was found.
struct RequestHeadScan {
    /// The first flaw found.
    private(set) var flaw: RequestFlaw?
    /// Whether the head has ended, or a flaw was found (the rest need not be read).
    private(set) var isComplete = false
    /// Whether a header line names `Transfer-Encoding`.
    private(set) var hasTransferEncoding = false
    /// Lines of the head read so far, the request line included; empty lines before it are skipped.
    private var lines = 0
    private var lineLength = 0
    private var afterCR = false
    /// The last eight bytes of the request line, for its version.
    private var requestLineTail: UInt64 = 0
    private var requestLineShape = RequestLineShape()
    /// The name of the header line being read, as far as its first bytes tell.
    private var fieldName = FramingFieldName()
    private var hostFields = 0

    /// Reads the next bytes of the head; returns how many it used (fewer than given once the head is complete).
    ///
    /// A line that lies whole in `bytes` and holds only ordinary bytes (see `readOrdinaryLine`) is read in one step;
    /// anything else byte by byte, skipping ordinary bytes inside a line eight at a time.
    @discardableResult
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset < bytes.count {
            if let next = readOrdinaryLine(in: bytes, from: offset) {
                offset = next
                if isComplete { return offset }
                continue
            }
            if lineLength > 0, !afterCR {
                let end = Self.endOfOrdinaryRun(in: bytes, from: offset, to: bytes.count)
                readLineContent(bytes, from: offset, to: end)
                lineLength += end - offset
                offset = end
                if offset == bytes.count { break }
            }
            read(bytes[offset])
            offset += 1
            if isComplete { return offset }
        }
        return bytes.count
    }

    /// Reads the line starting at `offset` at once, if it ends within `bytes` (in CRLF or a bare LF), is not empty,
    /// does not start with whitespace, and holds only ordinary bytes; returns the offset after its LF. Nil when the
    /// line needs reading byte by byte (or `offset` is not at the start of a line).
    private mutating func readOrdinaryLine(in bytes: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        guard lineLength == 0, !afterCR, let base = bytes.baseAddress,
            let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
        else { return nil }
        let newline = base.distance(to: UnsafeRawPointer(found))
        let end = newline > offset && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        guard end > offset, bytes[offset] != UInt8(ascii: " "),
            Self.endOfOrdinaryRun(in: bytes, from: offset, to: end) == end
        else { return nil }
        lineLength = end - offset
        readLineContent(bytes, from: offset, to: end)
        endLine()
        return newline + 1
    }

    /// Reads ordinary bytes `start..<end` of the line being read: the request line's for its version and spacing,
    /// a header line's for its name.
    private mutating func readLineContent(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        if lines == 0 {
            keepRequestLineTail(bytes, from: start, to: end)
            requestLineShape.read(bytes[start..<end])
        } else if !fieldName.isDecided {
            fieldName.read(bytes[start..<end])
        }
    }

    /// Reads the first `count` bytes held by `segments`, or until the head is complete; returns how many it used.
    @discardableResult
    mutating func read(_ segments: UnsafeMutableBufferPointer<iovec>, count: Int) -> Int {
        var left = count
        for segment in segments where left > 0 && !isComplete {
            left -= scan(UnsafeRawBufferPointer(start: segment.iov_base, count: min(left, segment.iov_len)))
        }
        return count - left
    }

    /// The offset of the first byte in `start..<end` that is not ordinary, or `end`.
    private static func endOfOrdinaryRun(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        var offset = start
        while offset + 8 <= end, isOrdinary(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
            offset += 8
        }
        // Fewer than eight bytes left, all ordinary so far: the last eight bytes of the run cover them.
        if offset < end, offset + 8 > end, end - start >= 8,
            isOrdinary(bytes.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
        {
            return end
        }
        while offset < end, isOrdinary(bytes[offset]) { offset += 1 }
        return offset
    }

    /// Whether a byte is line content needing no attention: neither a control character (tab included) nor DEL.
    private static func isOrdinary(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether all eight bytes of `word` are ordinary: none is below `0x20` and none is `0x7F` (bit tricks that find
    /// a byte below a bound in a word; exact as a yes-or-no answer, which is all that is asked of them).
    private static func isOrdinary(_ word: UInt64) -> Bool {
        let below20 = (word &- ones &* 0x20) & ~word & highBits
        let del = word ^ (ones &* 0x7F)
        let isDEL = (del &- ones) & ~del & highBits
        return below20 | isDEL == 0
    }

    /// Keeps the last eight bytes of the request line read so far, which `start..<end` of `bytes` continues.
    private mutating func keepRequestLineTail(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        if end - start >= 8 {
            requestLineTail = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
        } else {
            for offset in start..<end { keepRequestLineTail(bytes[offset]) }
        }
    }

    private mutating func keepRequestLineTail(_ byte: UInt8) {
        requestLineTail = requestLineTail << 8 | UInt64(byte)
    }

    private mutating func read(_ byte: UInt8) {
        if afterCR, byte != UInt8(ascii: "\n") {
            return fail(.malformed("a CR not followed by LF in the request head"))
        }
        afterCR = false
        let isBlank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        if isBlank, lineLength == 0, lines > 0 {
            return fail(.malformed("a header line starts with whitespace (obs-fold, refused per RFC 9112 §5.2)"))
        }
        switch byte {
        case UInt8(ascii: "\r"):
            afterCR = true
        case UInt8(ascii: "\n"):
            endLine()
        case 0:
            fail(.malformed("a NUL byte in the request head"))
        case UInt8(ascii: "\t"), 0x20..<0x7F, 0x80...:
            lineLength += 1
            if lines == 0 {
                keepRequestLineTail(byte)
                requestLineShape.read(byte)
            } else {
                fieldName.read(byte)
            }
        default:
            fail(.malformed("a control character (0x\(String(byte, radix: 16))) in the request head"))
        }
    }

    private mutating func endLine() {
        defer {
            lineLength = 0
            fieldName = FramingFieldName()
        }
        guard lineLength > 0 else {
            guard lines > 0 else { return }
            if hostFields == 0, requestLineTail == Self.http11 {
                return fail(.malformed("an HTTP/1.1 request without Host"))
            }
            isComplete = true
            return
        }
        lines += 1
        if lines == 1 {
            if let flaw = Self.versionFlaw(requestLineTail) ?? requestLineShape.flaw { fail(flaw) }
            return
        }
        switch fieldName.found {
        case .host:
            hostFields += 1
            if hostFields > 1 { fail(.malformed("the request has more than one Host")) }
        case .transferEncoding:
            hasTransferEncoding = true
        case nil:
            break
        }
    }

    private mutating func fail(_ flaw: RequestFlaw) {
        self.flaw = flaw
        isComplete = true
    }

    private static let http10 = tail("HTTP/1.0")
    private static let http11 = tail("HTTP/1.1")

    /// Nil for `HTTP/1.0` and `HTTP/1.1`; 505 for another `HTTP/d.d`, 400 for anything else.
    private static func versionFlaw(_ tail: UInt64) -> RequestFlaw? {
        guard tail != http10, tail != http11 else { return nil }
        let bytes = (0..<8).reversed().map { UInt8(truncatingIfNeeded: tail >> ($0 * 8)) }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        if bytes[..<5].elementsEqual("HTTP/".utf8), isDigit(bytes[5]), bytes[6] == UInt8(ascii: "."), isDigit(bytes[7])
        {
            let version = String(decoding: bytes, as: UTF8.self)
            return RequestFlaw(status: 505, reason: "\(version) is not supported; send HTTP/1.1 or HTTP/1.0")
        }
        return .malformed("the request line does not end in an HTTP version")
    }

    private static func tail(_ version: StaticString) -> UInt64 {
        version.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt64($1) } }
    }
}
