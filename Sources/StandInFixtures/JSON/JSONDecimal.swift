/// A JSON number literal reduced to sign, significant digits and exponent, so that `1`, `1.0` and `1e0` compare equal
/// exactly, without rounding through `Double`.
package struct JSONDecimal: Hashable, Sendable {
    /// Whether the value is below zero; zero is never negative.
    package let isNegative: Bool
    /// The significant decimal digits (0–9) without leading or trailing zeros; empty for zero.
    package let digits: [UInt8]
    /// The power of ten that `digits`, read as an integer, is multiplied by.
    package let exponent: Int

    /// Reads a number literal (JSON syntax, read leniently), or returns `nil` if it has no digits or stray characters.
    package init?(literal: String) {
        var bytes = literal.utf8[...]
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if let digit = Self.digit(byte) {
                digits.append(digit)
                fractionDigits += seenPoint ? 1 : 0
            } else {
                return nil
            }
        }
        guard !digits.isEmpty, let written = Self.exponent(of: bytes) else { return nil }
        var exponent = written - fractionDigits
        let firstNonZero = digits.firstIndex { $0 != 0 } ?? digits.endIndex
        digits.removeSubrange(..<firstNonZero)
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.isNegative = isNegative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// The value as an `Int`, or `nil` if it has a fractional part or does not fit.
    package var exactInt: Int? {
        guard exponent >= 0, digits.count + exponent <= 19 else { return nil }
        // Accumulate below zero so that `Int.min` fits, then flip the sign for positive values.
        var value = 0
        for digit in digits + repeatElement(0, count: exponent) {
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = shifted.subtractingReportingOverflow(Int(digit))
            guard !overflowShift, !overflowAdd else { return nil }
            value = next
        }
        if isNegative { return value }
        return value == .min ? nil : -value
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
    }

    /// Reads the `e` part of a literal (empty, or `e`/`E`, an optional sign and digits), saturating huge exponents.
    private static func exponent(of bytes: Substring.UTF8View) -> Int? {
        guard !bytes.isEmpty else { return 0 }
        var bytes = bytes.dropFirst()
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard let digit = digit(byte) else { return nil }
            value = min(value * 10 + Int(digit), 1_000_000_000_000)
        }
        return isNegative ? -value : value
    }
}
