import StandInFixtures

/// A JSON number read exactly (`JSONDecimal`: sign, significant digits and a power of ten), as bounds and
/// `multipleOf` compare it: `0.3` with `0.1` without rounding through `Double`.
extension JSONDecimal: Comparable {
    /// Whether the value is a whole number (`3`, `3.0`, `3e2`).
    var isIntegral: Bool { exponent >= 0 }

    /// Whether the value is zero.
    var isZero: Bool { digits.isEmpty }

    /// Whether the value is a whole multiple of `divisor` (which is not zero), computed exactly: `digits·10^exponent`
    /// divided by `divisor.digits·10^divisor.exponent` is whole when the shift is not negative and the divisor's
    /// digits divide this number's digits followed by that many zeros.
    func isMultiple(of divisor: JSONDecimal) -> Bool {
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

    package static func < (lhs: JSONDecimal, rhs: JSONDecimal) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let magnitudeLess = lhs.isNegative ? rhs.magnitudeLess(than: lhs) : lhs.magnitudeLess(than: rhs)
        return magnitudeLess
    }

    /// Whether `|self| < |other|`.
    private func magnitudeLess(than other: JSONDecimal) -> Bool {
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
}

extension JSONDecimal: CustomStringConvertible {
    /// The value in scientific notation (`15e-1`), for messages and the rare inexact fallback.
    package var description: String {
        guard !isZero else { return "0" }
        let mantissa = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        return (isNegative ? "-" : "") + mantissa + (exponent == 0 ? "" : "e\(exponent)")
    }
}
