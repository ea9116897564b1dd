extension JSONScanner {
    /// Reads the string whose opening quote is at `index`, decoding its escapes and checking its UTF-8.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let quote = index
        index += 1
        var runStart = index
        // Only strings with escapes are copied; every escape adds at least one byte, so empty means none yet.
        var decoded: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard !decoded.isEmpty else { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try readEscape(into: &decoded, quote: quote)
                runStart = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("unterminated string", at: quote)
            case 0..<0x20:
                throw error("control character in string")
            case 0x80...:
                guard let length = UTF8Scalar.length(in: bytes, at: index) else {
                    throw error("invalid UTF-8 in string")
                }
                index += length
            default:
                index += 1
            }
        }
        throw error("unterminated string", at: quote)
    }

    /// Reads the escape whose backslash is at `index` and appends the UTF-8 it stands for.
    private mutating func readEscape(into decoded: inout [UInt8], quote: Int) throws(JSONSyntaxError) {
        let backslash = index
        guard index + 1 < bytes.count else { throw error("unterminated string", at: quote) }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "r"): decoded.append(UInt8(ascii: "\r"))
        case UInt8(ascii: "t"): decoded.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "u"):
            let scalar = try readUnicodeEscape(backslash: backslash)
            UTF8.encode(scalar) { decoded.append($0) }
        case 0x21...0x7E:
            throw error("invalid escape \\\(Unicode.Scalar(letter))", at: backslash)
        default:
            throw error("invalid escape: '\\' followed by \(describeCharacter(at: backslash + 1))", at: backslash)
        }
    }

    /// Reads the four hex digits after `\u` at `index`, and a second `\uXXXX` when the first is a high surrogate.
    private mutating func readUnicodeEscape(backslash: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try readHexQuad(backslash: backslash)
        func unpaired() -> JSONSyntaxError {
            let digits = String(decoding: bytes[backslash + 2..<backslash + 6], as: UTF8.self)
            return error("unpaired surrogate \\u\(digits)", at: backslash)
        }
        switch first {
        case 0xD800...0xDBFF:
            let lowStart = index
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw unpaired() }
            index += 2
            let second = try readHexQuad(backslash: lowStart)
            guard (0xDC00...0xDFFF).contains(second) else { throw unpaired() }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw unpaired()
        default:
            return Unicode.Scalar(first)!
        }
    }

    /// Reads exactly four hex digits at `index`.
    private mutating func readHexQuad(backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexDigitValue(bytes[index]) else {
                throw error("invalid \\u escape, expected 4 hex digits", at: backslash)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
