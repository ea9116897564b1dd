/// A number literal of at most 19 significant digits, as `significand × 10^exponent`, read without allocating: the
/// common case of bounds, `multipleOf` and the instances they check, exactly. `JSONDecimal` takes the rest.
struct ShortDecimal: Sendable {
    /// Whether the value is below zero; zero is never negative.
    let isNegative: Bool
    /// The significant digits as an integer, without trailing zeros; 0 for zero.
    let significand: UInt64
    /// The power of ten `significand` is multiplied by; 0 for zero.
    let exponent: Int

    /// The first significand with 20 digits.
    private static let limit: UInt64 = 10_000_000_000_000_000_000

    /// Reads a JSON number literal, or nil when it is not one or has too many digits.
    init?(literal: String) {
        var literal = literal
        guard let read = literal.withUTF8({ Self(bytes: $0) }) else { return nil }
        self = read
    }

    /// Reads the UTF-8 of a JSON number literal.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        var significand: UInt64 = 0
        var exponent = 0
        var written = 0
        var isNegative = false
        var isExponentNegative = false
        var seenDigit = false
        var part = Part.sign
        for byte in bytes {
            switch (part, byte) {
            case (.sign, UInt8(ascii: "-")):
                isNegative = true
                part = .integer
            case (.sign, _), (.integer, _), (.fraction, _):
                if byte == UInt8(ascii: "."), part != .fraction {
                    part = .fraction
                } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                    part = .exponentSign
                } else {
                    let digit = byte &- UInt8(ascii: "0")
                    // At most 19 digits, so that two significands aligned to the same length still fit.
                    guard digit < 10, significand < Self.limit / 10 else { return nil }
                    significand = significand * 10 + UInt64(digit)
                    seenDigit = true
                    if part == .fraction { exponent -= 1 } else { part = .integer }
                }
            case (.exponentSign, UInt8(ascii: "-")), (.exponentSign, UInt8(ascii: "+")):
                isExponentNegative = byte == UInt8(ascii: "-")
                part = .exponent
            case (.exponentSign, _), (.exponent, _):
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10, written < 100_000 else { return nil }
                written = written * 10 + Int(digit)
                part = .exponent
            }
        }
        guard seenDigit, part == .integer || part == .fraction || part == .exponent else { return nil }
        exponent += isExponentNegative ? -written : written
        while significand != 0, significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        self.isNegative = isNegative && significand != 0
        self.significand = significand
        self.exponent = significand == 0 ? 0 : exponent
    }

    /// The part of a literal being read.
    private enum Part {
        case sign, integer, fraction, exponentSign, exponent
    }

    /// Negative when this is below `other`, zero when equal, positive above.
    func compare(to other: ShortDecimal) -> Int {
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let magnitude = compareMagnitude(to: other)
        return isNegative ? -magnitude : magnitude
    }

    /// `compare` of the absolute values.
    private func compareMagnitude(to other: ShortDecimal) -> Int {
        if significand == 0 || other.significand == 0 {
            return significand == other.significand ? 0 : significand == 0 ? -1 : 1
        }
        let digits = Self.digitCount(significand)
        let otherDigits = Self.digitCount(other.significand)
        // The power of ten of the leading digit decides first; then the digits, aligned to the same length.
        let leading = digits + exponent
        let otherLeading = otherDigits + other.exponent
        if leading != otherLeading { return leading < otherLeading ? -1 : 1 }
        let aligned = significand * Self.powerOfTen(max(0, otherDigits - digits))
        let otherAligned = other.significand * Self.powerOfTen(max(0, digits - otherDigits))
        return aligned == otherAligned ? 0 : aligned < otherAligned ? -1 : 1
    }

    /// Whether this is a whole multiple of `divisor` (not zero): the divisor's significand divides this one's
    /// followed by as many zeros as the exponents differ, and a negative difference leaves a fraction (a
    /// significand never ends in 0).
    func isMultiple(of divisor: ShortDecimal) -> Bool {
        if significand == 0 { return true }
        let shift = exponent - divisor.exponent
        guard shift >= 0 else { return false }
        let modulus = divisor.significand
        let power = Self.power(10, shift, modulo: modulus)
        return Self.multiplyAdd(significand % modulus, power, 0, modulo: modulus) == 0
    }

    /// How many decimal digits `value` (above zero) has.
    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// `10^exponent`, for an exponent below 20.
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        (0..<exponent).reduce(1) { power, _ in power * 10 }
    }

    /// `(a·b + c) mod m`, without overflow (`a` and `c` below `m`).
    static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, modulo m: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        let (sum, carry) = product.low.addingReportingOverflow(c)
        return m.dividingFullWidth((product.high + (carry ? 1 : 0), sum)).remainder
    }

    /// `base^exponent mod m`, by squaring.
    static func power(_ base: UInt64, _ exponent: Int, modulo m: UInt64) -> UInt64 {
        var result: UInt64 = 1 % m
        var square = base % m
        var exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiplyAdd(result, square, 0, modulo: m) }
            square = multiplyAdd(square, square, 0, modulo: m)
            exponent >>= 1
        }
        return result
    }
}
