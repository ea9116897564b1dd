import StandInFixtures

/// A reader of JSON text in place, for validating a document without building it (see `JSONSchema.scannedVerdict`).
///
/// It reads a strict subset of what `JSONParser` accepts and gives up (nil or false) on everything else, so a
/// document it reads is one the parser reads the same way: strings with escapes, nesting past `maximumDepth` and
/// anything malformed are left to the parser, which reports them.
struct JSONCursor {
    /// How deep arrays and objects may nest before the cursor gives up.
    static let maximumDepth = 64

    /// The document's bytes, which outlive the cursor.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The position of the next byte to read.
    var index: Int

    /// A cursor at the start of `bytes`, after a UTF-8 byte order mark if there is one.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Skips spaces, tabs and line breaks.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// Skips whitespace and reads `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips whitespace and reads the start of a value: a whole scalar, or an array's or object's opening bracket.
    mutating func readValueStart() -> ScannedValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            return .object
        case UInt8(ascii: "["):
            index += 1
            return .array
        case UInt8(ascii: "\""):
            return readString().map { .scalar(.string($0)) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return readNumber().map { .scalar(.number($0)) }
        case UInt8(ascii: "t"):
            return readLiteral("true") ? .scalar(.bool(true)) : nil
        case UInt8(ascii: "f"):
            return readLiteral("false") ? .scalar(.bool(false)) : nil
        case UInt8(ascii: "n"):
            return readLiteral("null") ? .scalar(.null) : nil
        default:
            return nil
        }
    }

    /// Reads the rest of the container whose opening bracket was just read, checking only its syntax.
    mutating func skipContainer(isObject: Bool, depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        let close = UInt8(ascii: isObject ? "}" : "]")
        if take(close) { return true }
        while true {
            if isObject, readKey() == nil { return false }
            guard skipValue(depth: depth + 1) else { return false }
            guard take(UInt8(ascii: ",")) else { return take(close) }
        }
    }

    /// Skips whitespace and reads an object member's `"key":`; nil when something else comes next.
    mutating func readKey() -> ScannedString? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = readString(),
            take(UInt8(ascii: ":"))
        else { return nil }
        return key
    }

    /// Reads one value of any kind, checking only its syntax.
    mutating func skipValue(depth: Int) -> Bool {
        switch readValueStart() {
        case .object: skipContainer(isObject: true, depth: depth)
        case .array: skipContainer(isObject: false, depth: depth)
        case .scalar: true
        case nil: false
        }
    }

    /// Reads the string whose opening quote is at `index`; nil when it has an escape, a control character or bytes
    /// that are not UTF-8.
    mutating func readString() -> ScannedString? {
        index += 1
        let start = index
        let count = bytes.count
        var isASCII = true
        while true {
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return ScannedString(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), isASCII: isASCII)
            }
            guard byte >= 0x80, let length = UTF8Scalar.length(in: bytes, at: index) else { return nil }
            isASCII = false
            index += length
        }
    }

    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `index`.
    private mutating func readNumber() -> UnsafeBufferPointer<UInt8>? {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(at: index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            guard !isDigit(at: index) else { return nil }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(at: index) else { return nil }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(at: index) else { return nil }
            skipDigits()
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    private func isDigit(at position: Int) -> Bool {
        position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    }

    private mutating func skipDigits() {
        while isDigit(at: index) { index += 1 }
    }

    private mutating func readLiteral(_ literal: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes[index...].starts(with: expected) else { return false }
        index += expected.count
        return true
    }
}
