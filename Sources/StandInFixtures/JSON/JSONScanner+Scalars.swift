extension JSONScanner {
    /// Reads a string, number, `true`, `false` or `null` starting at `index`.
    mutating func parseScalar(line: Int) throws(JSONSyntaxError) -> JSONNode {
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return JSONNode(.string(try readString()), line: line)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try readNumber()), line: line)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return JSONNode(.bool(true), line: line)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return JSONNode(.bool(false), line: line)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return JSONNode(.null, line: line)
        case UInt8(ascii: "."), UInt8(ascii: "+"):
            throw error("a number must start with a digit or '-'")
        default:
            throw error("expected a value but found \(describeCharacter(at: index))")
        }
    }

    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and returns it as written.
    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(at: index) else { throw error("expected a digit after '-'") }
        if bytes[index] == UInt8(ascii: "0"), isDigit(at: index + 1) {
            throw error("leading zeros are not allowed in numbers")
        }
        skipDigits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(at: index) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(at: index) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func isDigit(at position: Int) -> Bool {
        position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    }

    private mutating func skipDigits() {
        while isDigit(at: index) { index += 1 }
    }

    /// Reads the exact bytes of `literal`, which the byte at `index` already starts.
    private mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes[index...].starts(with: expected) else { throw error("invalid literal, expected '\(literal)'") }
        index += expected.count
    }
}
