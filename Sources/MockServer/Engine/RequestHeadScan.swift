/// Why a request is refused although evhttp parsed it: the status and a sentence for the log.
struct RequestFlaw: Sendable, Equatable {
    /// 400, or 505 for an HTTP version other than 1.0 and 1.1.
    let status: Int
    let reason: String

    static func malformed(_ reason: String) -> RequestFlaw { RequestFlaw(status: 400, reason: reason) }
}

/// Reads the raw bytes of one request head as they arrive, before evhttp parses them, for what evhttp accepts but
/// RFC 9112 does not: a NUL or another control character, a bare CR, a folded header line (obs-fold, or whitespace
/// before the first header), and a version other than `HTTP/1.0` or `HTTP/1.1`. (evhttp reads C strings, so a NUL
/// silently cuts a value short, and it joins folded lines.) A bare LF ends a line, as RFC 9112 §2.2 allows.
///
/// Feed it bytes until `isComplete`: the empty line that ends the head was seen, or a flaw was found.
struct RequestHeadScan {
    /// The first flaw found.
    private(set) var flaw: RequestFlaw?
    /// Whether the head has ended, or a flaw was found (the rest need not be read).
    private(set) var isComplete = false
    /// Lines of the head read so far, the request line included; empty lines before it are skipped.
    private var lines = 0
    private var lineLength = 0
    private var afterCR = false
    /// The last eight bytes of the request line, for its version.
    private var requestLineTail: UInt64 = 0

    /// Reads the next bytes of the head; returns how many it used (fewer than given once the head is complete).
    @discardableResult
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int {
        for (offset, byte) in bytes.enumerated() {
            read(byte)
            if isComplete { return offset + 1 }
        }
        return bytes.count
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
            if lines == 0 { requestLineTail = requestLineTail << 8 | UInt64(byte) }
        default:
            fail(.malformed("a control character (0x\(String(byte, radix: 16))) in the request head"))
        }
    }

    private mutating func endLine() {
        defer { lineLength = 0 }
        guard lineLength > 0 else {
            if lines > 0 { isComplete = true }
            return
        }
        lines += 1
        if lines == 1, let flaw = Self.versionFlaw(requestLineTail) { fail(flaw) }
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
