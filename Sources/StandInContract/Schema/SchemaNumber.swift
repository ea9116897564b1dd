/// A JSON number read exactly: sign, significant decimal digits and a power of ten, so that bounds and `multipleOf`
/// compare `0.3` with `0.1` without rounding through `Double`.
struct SchemaNumber: Sendable, Hashable, Comparable {
    /// Whether the value is below zero; zero is never negative.
    let isNegative: Bool
    /// The significant digits (0–9), without leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    /// The power of ten that `digits`, read as an integer, is multiplied by; 0 for zero.
    let exponent: Int

    /// Reads a JSON number literal, or nil if it is not one.
    init?(literal: String) {
        var bytes = literal.utf8[...]
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        var seenDigit = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if let digit = Self.digit(byte) {
                seenDigit = true
                if !digits.isEmpty || digit != 0 { digits.append(digit) }
                fractionDigits += seenPoint ? 1 : 0
            } else {
                return nil
            }
        }
        guard seenDigit, let written = Self.exponent(of: bytes) else { return nil }
        var exponent = written - fractionDigits
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.isNegative = isNegative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Whether the value is a whole number (`3`, `3.0`, `3e2`).
    var isIntegral: Bool { exponent >= 0 }

    /// Whether the value is zero.
    var isZero: Bool { digits.isEmpty }

    /// Whether the value is a whole multiple of `divisor` (which is not zero), computed exactly: `digits·10^exponent`
    /// divided by `divisor.digits·10^divisor.exponent` is whole when the shift is not negative and the divisor's
    /// digits divide this number's digits followed by that many zeros.
    func isMultiple(of divisor: SchemaNumber) -> Bool {
        if isZero { return true }
        let shift = exponent - divisor.exponent
        // Normalized digits never end in 0, so a negative shift leaves a fraction.
        guard shift >= 0 else { return false }
        guard let modulus = divisor.digitsAsInteger else {
            let quotient = (Double(description) ?? 0) / (Double(divisor.description) ?? 1)
            return quotient == quotient.rounded()
        }
        var remainder: UInt64 = 0
        for digit in digits {
            remainder = ShortDecimal.multiplyAdd(remainder, 10, UInt64(digit), modulo: modulus)
        }
        var power = ShortDecimal.power(10, shift, modulo: modulus)
        power = ShortDecimal.multiplyAdd(remainder, power, 0, modulo: modulus)
        return power == 0
    }

    /// The significant digits as one integer, or nil past `UInt64`.
    private var digitsAsInteger: UInt64? {
        guard digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = shifted + UInt64(digit)
        }
        return value
    }

    static func < (lhs: SchemaNumber, rhs: SchemaNumber) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let magnitudeLess = lhs.isNegative ? rhs.magnitudeLess(than: lhs) : lhs.magnitudeLess(than: rhs)
        return magnitudeLess
    }

    /// Whether `|self| < |other|`.
    private func magnitudeLess(than other: SchemaNumber) -> Bool {
        if isZero || other.isZero { return isZero && !other.isZero }
        // The power of ten of the leading digit decides first.
        let leading = digits.count + exponent
        let otherLeading = other.digits.count + other.exponent
        if leading != otherLeading { return leading < otherLeading }
        for (digit, otherDigit) in zip(digits, other.digits) where digit != otherDigit {
            return digit < otherDigit
        }
        return digits.count < other.digits.count
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
            value = min(value * 10 + Int(digit), 1_000_000_000)
        }
        return isNegative ? -value : value
    }
}

extension SchemaNumber: CustomStringConvertible {
    /// The value in scientific notation (`15e-1`), for messages and the rare inexact fallback.
    var description: String {
        guard !isZero else { return "0" }
        let mantissa = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        return (isNegative ? "-" : "") + mantissa + (exponent == 0 ? "" : "e\(exponent)")
    }
}
