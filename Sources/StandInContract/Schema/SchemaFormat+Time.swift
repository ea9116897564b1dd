extension SchemaFormat {
    /// `full-date "T" full-time`, `T` and `Z` in either case.
    static func isDateTime(_ bytes: UTF8Bytes) -> Bool {
        let separator = bytes.startIndex + 10
        guard bytes.count > 11, bytes[separator] == UInt8(ascii: "T") || bytes[separator] == UInt8(ascii: "t") else {
            return false
        }
        return isDate(bytes[..<separator]) && isTime(bytes[(separator + 1)...], offsetRequired: true)
    }

    /// `YYYY-MM-DD`, year 1 or later, a day its month has.
    static func isDate(_ bytes: UTF8Bytes) -> Bool {
        guard bytes.count == 10, bytes[bytes.startIndex + 4] == UInt8(ascii: "-"),
            bytes[bytes.startIndex + 7] == UInt8(ascii: "-"),
            let year = number(bytes, at: 0, digits: 4), let month = number(bytes, at: 5, digits: 2),
            let day = number(bytes, at: 8, digits: 2)
        else { return false }
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// `HH:MM:SS`, an optional fraction, then `Z` or `±HH:MM` (required when `offsetRequired`).
    static func isTime(_ bytes: UTF8Bytes, offsetRequired: Bool) -> Bool {
        guard bytes.count >= 8, isClock(bytes, at: 0, seconds: true) else { return false }
        var rest = bytes.dropFirst(8)
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard let first = rest.first else { return !offsetRequired }
        if first == UInt8(ascii: "Z") || first == UInt8(ascii: "z") { return rest.count == 1 }
        guard first == UInt8(ascii: "+") || first == UInt8(ascii: "-"), rest.count == 6 else { return false }
        return isClock(rest.dropFirst(), at: 0, seconds: false)
    }

    /// `HH:MM` (and `:SS` when `seconds`) at `offset`, each in range.
    private static func isClock(_ bytes: UTF8Bytes, at offset: Int, seconds: Bool) -> Bool {
        let start = bytes.startIndex + offset
        guard bytes[start + 2] == UInt8(ascii: ":"), let hour = number(bytes, at: offset, digits: 2),
            let minute = number(bytes, at: offset + 3, digits: 2), hour < 24, minute < 60
        else { return false }
        guard seconds else { return true }
        guard bytes[start + 5] == UInt8(ascii: ":"), let second = number(bytes, at: offset + 6, digits: 2) else {
            return false
        }
        return second < 60
    }

    /// The decimal number of exactly `digits` digits at `offset`, or nil.
    private static func number(_ bytes: UTF8Bytes, at offset: Int, digits: Int) -> Int? {
        let start = bytes.startIndex + offset
        guard start + digits <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[start..<start + digits] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
