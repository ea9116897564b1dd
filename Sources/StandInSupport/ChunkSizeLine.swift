/// The line that starts a chunk of a chunked body (RFC 9112 §7.1), read byte by byte as it arrives, without its line
/// end: the chunk's size in hex digits and nothing before them, then optional chunk extensions, each after a `;`
/// (whitespace may come before the `;`). The server reads requests' chunks with it, the socket transport responses'.
///
/// C's `strtoll`, which libevent reads chunk sizes with, also takes `0x5`, `+5` and ` 5` as 5, and anything after a
/// space as an extension. Two parties that read a size differently end the body in different places, so anything
/// but hex digits is refused here, and so is a size past `Int.max`.
package struct ChunkSizeLine: Sendable {
    /// Why a chunk-size line is refused.
    package enum Flaw: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line does not start with a hex digit (`0x5`, `+5`, ` 5`, an empty line), or the digits are followed
        /// by something other than whitespace and a `;`.
        case notHexDigits
        /// The digits name a size past `Int.max`.
        case tooLarge
        /// A control character in a chunk extension, or whitespace after the size that no `;` follows.
        case malformedExtension

        package var description: String {
            switch self {
            case .notHexDigits: "a chunk size that is not plain hex digits"
            case .tooLarge: "a chunk size past any body"
            case .malformedExtension: "a malformed chunk extension"
            }
        }
    }

    private enum Part {
        /// The size's digits.
        case size
        /// Whitespace after the size, before a `;`.
        case beforeExtension
        /// From the first `;` to the line's end.
        case extensions
    }

    private var part = Part.size
    private var digits = 0
    private var value = 0
    /// The first flaw found; the rest of the line is not looked at.
    package private(set) var flaw: Flaw?

    package init() {}

    /// Reads the next byte of the line (never its CR or LF).
    package mutating func read(_ byte: UInt8) {
        guard flaw == nil else { return }
        switch part {
        case .size:
            if let value = Self.hexValue(byte) {
                let (shifted, overflow) = self.value.multipliedReportingOverflow(by: 16)
                guard !overflow else {
                    flaw = .tooLarge
                    return
                }
                self.value = shifted | value
                digits += 1
            } else if digits > 0, Self.isBlank(byte) || byte == UInt8(ascii: ";") {
                part = .beforeExtension
                readBeforeExtension(byte)
            } else {
                flaw = .notHexDigits
            }
        case .beforeExtension:
            readBeforeExtension(byte)
        case .extensions:
            if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F { flaw = .malformedExtension }
        }
    }

    /// Reads every byte of `bytes`.
    package mutating func read(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { read(byte) }
    }

    /// The chunk's size, once the whole line has been read.
    package func size() throws(Flaw) -> Int {
        if let flaw { throw flaw }
        switch part {
        case .size where digits == 0: throw .notHexDigits
        case .beforeExtension: throw .malformedExtension
        default: return value
        }
    }

    private mutating func readBeforeExtension(_ byte: UInt8) {
        if byte == UInt8(ascii: ";") {
            part = .extensions
        } else if !Self.isBlank(byte) {
            flaw = .malformedExtension
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
