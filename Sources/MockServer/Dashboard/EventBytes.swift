/// Appending the parts of a dashboard event to its bytes without making strings: the event path runs once per
/// request while a dashboard is open.
extension [UInt8] {
    /// Appends `text`'s UTF-8.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `value` in decimal.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude)
    }

    private mutating func appendDecimal(_ value: UInt) {
        if value >= 10 { appendDecimal(value / 10) }
        append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
