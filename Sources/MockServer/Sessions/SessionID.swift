/// A session's id: 64 random bits, written as 16 lowercase hexadecimal digits. Requests name it in
/// `X-StandIn-Session`; the registry finds sessions by its bits, so a lookup hashes one integer and allocates nothing.
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// How many characters an id has when written.
    static let length = 16

    private let bits: UInt64

    /// A new random id.
    static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        return SessionID(bits: generator.next())
    }

    private init(bits: UInt64) {
        self.bits = bits
    }

    /// The id `text` writes; nil unless it is 16 lowercase hexadecimal digits.
    init?(_ text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// The id the UTF-8 bytes `utf8` write; nil unless they are 16 lowercase hexadecimal digits.
    init?(utf8: some Sequence<UInt8>) {
        var bits: UInt64 = 0
        var count = 0
        for byte in utf8 {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            count += 1
            guard count <= Self.length else { return nil }
            bits = bits << 4 | UInt64(digit)
        }
        guard count == Self.length else { return nil }
        self.bits = bits
    }

    /// The 16 digits.
    var description: String {
        let hex = String(bits, radix: 16)
        return String(repeating: "0", count: Self.length - hex.count) + hex
    }
}

/// What a request's `X-StandIn-Session` says: the id of a session, or text that is not an id (kept for the 400 that
/// names it).
enum SessionHeader {
    case id(SessionID)
    case malformed(String)

    /// What `text` says.
    init(_ text: String) {
        self = SessionID(text).map(SessionHeader.id) ?? .malformed(text)
    }

    /// What the UTF-8 bytes `utf8` say; a String is made only for text that is not an id.
    init(utf8: UnsafeBufferPointer<UInt8>) {
        self = SessionID(utf8: utf8).map(SessionHeader.id) ?? .malformed(String(decoding: utf8, as: UTF8.self))
    }
}
