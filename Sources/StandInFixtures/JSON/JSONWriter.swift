/// Turns `JSONNode` trees back into JSON bytes.
public enum JSONWriter {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `node` as compact JSON (no whitespace), members in stored order, numbers as their literal.
    public static func writeCompact(_ node: JSONNode, into out: inout [UInt8]) {
        switch node.value {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let bool):
            out.append(contentsOf: (bool ? "true" : "false").utf8)
        case .number(let literal):
            out.append(contentsOf: literal.utf8)
        case .string(let string):
            appendQuoted(string, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                writeCompact(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                appendQuoted(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                writeCompact(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `string`'s content JSON-escaped, without the surrounding quotes.
    ///
    /// `"` and `\` are escaped, control characters become `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`; everything else,
    /// `/` and non-ASCII included, is copied as UTF-8.
    public static func appendEscaped(_ string: some StringProtocol, into out: inout [UInt8]) {
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, into: &out) }
        guard copied == nil else { return }
        for byte in string.utf8 { appendEscaped(byte, into: &out) }
    }

    /// Appends UTF-8 `bytes` JSON-escaped: each run of plain bytes is copied at once.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices where !isPlain(bytes[index]) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            appendEscaped(bytes[index], into: &out)
            runStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    private static func appendEscaped(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            out.append(UInt8(ascii: "\\"))
            out.append(byte)
        case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
        case 0x08: out.append(contentsOf: #"\b"#.utf8)
        case 0x0C: out.append(contentsOf: #"\f"#.utf8)
        case 0..<0x20:
            out.append(contentsOf: #"\u00"#.utf8)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        default:
            out.append(byte)
        }
    }

    /// Whether UTF-8 `bytes` can stand inside a JSON string as they are (no quote, backslash or control character).
    /// Reads eight bytes at a time.
    public static func needsNoEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            guard arePlain(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) else { return false }
            offset += 8
        }
        return raw[offset...].allSatisfy(isPlain)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether all eight bytes of `word` are plain: none is below `0x20`, `"` or `\` (bit tricks that find a byte
    /// below a bound, or equal to one, in a word; exact as a yes-or-no answer).
    @inline(__always)
    private static func arePlain(_ word: UInt64) -> Bool {
        let below20 = (word &- ones &* 0x20) & ~word & highBits
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let hasQuote = (quote &- ones) & ~quote & highBits
        let hasBackslash = (backslash &- ones) & ~backslash & highBits
        return below20 | hasQuote | hasBackslash == 0
    }

    /// Whether a UTF-8 byte can stand inside a JSON string as it is.
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Appends `string` escaped and in double quotes.
    static func appendQuoted(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(string, into: &out)
        out.append(UInt8(ascii: "\""))
    }
}
