import StandInFixtures

/// A `format` StandIn checks; any other format name passes. `int32` and `int64` check numbers written as integers;
/// the others check strings. The rules follow Python's `openapi-schema-validator` with its format checker, except
/// where a doc comment says otherwise.
enum SchemaFormat: String, Sendable {
    /// RFC 3339 `date-time`: `2026-11-27T03:15:00Z`, with an offset or `Z`, `T` and `Z` in either case.
    case dateTime = "date-time"
    /// RFC 3339 `full-date`: `2026-11-27`, a day the calendar has.
    case date
    /// RFC 3339 `partial-time` with an optional offset: `03:15:00`, `03:15:00.5+01:00`. (Python's checker refuses
    /// any offset, RFC 3339's `full-time` requires one; both are accepted here.)
    case time
    /// An address with an `@`, as lenient as the reference validator.
    case email
    /// `8-4-4-4-12` hexadecimal digits.
    case uuid
    /// An absolute URI (RFC 3986): a scheme, `:`, and only the characters a URI may hold. (Python checks `uri` only
    /// when `rfc3987` is installed.)
    case uri
    /// Four decimal octets, without leading zeros.
    case ipv4
    /// RFC 4291 text: eight groups, `::` for one or more zero groups, an IPv4 tail; no zone.
    case ipv6
    /// An integer from −2³¹ to 2³¹−1.
    case int32
    /// An integer from −2⁶³ to 2⁶³−1.
    case int64
    /// Base64 (RFC 4648, padded). (Python checks it only in 3.0; StandIn in both dialects.)
    case byte

    /// Whether `instance` is in this format; values of the other type pass.
    func accepts(_ instance: JSONNode) -> Bool {
        switch instance.value {
        case .string(let text):
            return accepts(text)
        case .number(let literal):
            switch self {
            case .int32: return Self.fits(literal, bits: 32)
            case .int64: return Self.fits(literal, bits: 64)
            default: return true
            }
        default:
            return true
        }
    }

    /// Whether the string `text` is in this format, read in place as UTF-8.
    private func accepts(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { accepts(utf8: $0[...]) }
    }

    /// Whether the string whose UTF-8 is `bytes` is in this format.
    func accepts(utf8 bytes: UTF8Bytes) -> Bool {
        switch self {
        case .dateTime: return Self.isDateTime(bytes)
        case .date: return Self.isDate(bytes)
        case .time: return Self.isTime(bytes, offsetRequired: false)
        case .email: return bytes.contains(UInt8(ascii: "@"))
        case .uuid: return Self.isUUID(bytes)
        case .uri: return Self.isURI(bytes)
        case .ipv4: return Self.isIPv4(bytes)
        case .ipv6: return Self.isIPv6(bytes)
        case .byte: return Self.isBase64(bytes)
        case .int32, .int64: return true
        }
    }

    /// Whether an integer literal fits a signed integer of `bits`; a number written with a fraction or an exponent
    /// is not checked (as Python reads it as a float).
    private static func fits(_ literal: String, bits: Int) -> Bool {
        guard IntegerRule.isWrittenAsInteger(literal) else { return true }
        guard let value = Int(literal) else { return false }
        return bits == 64 || Int(Int32.min)...Int(Int32.max) ~= value
    }

    private static func isUUID(_ bytes: UTF8Bytes) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in zip(0..., bytes) {
            let isDash = index == 8 || index == 13 || index == 18 || index == 23
            guard isDash ? byte == UInt8(ascii: "-") : isHexDigit(byte) else { return false }
        }
        return true
    }

    private static func isBase64(_ bytes: UTF8Bytes) -> Bool {
        guard bytes.count % 4 == 0 else { return false }
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return false }
        return bytes.dropLast(padding).allSatisfy { byte in
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        }
    }

    /// A string's UTF-8, read in place.
    typealias UTF8Bytes = Slice<UnsafeBufferPointer<UInt8>>

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
