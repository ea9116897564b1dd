import StandInFixtures

/// A number from a schema (`minimum`, `maximum`, `multipleOf`), read exactly, with the literal kept for messages.
struct NumericBound: Sendable {
    /// The value, exactly.
    let value: JSONDecimal
    /// The value as the schema wrote it.
    let literal: String
    /// Whether the bound itself is excluded (`exclusiveMinimum`, `exclusiveMaximum`).
    let isExclusive: Bool
    /// The value when it has at most 19 digits, compared without allocating with instances that also do.
    private let short: ShortDecimal?

    /// The bound written `literal`, or nil if that is not a number.
    init?(literal: String, isExclusive: Bool = false) {
        guard let value = JSONDecimal(literal: literal) else { return nil }
        self.value = value
        self.literal = literal
        self.isExclusive = isExclusive
        short = ShortDecimal(literal: literal)
    }

    /// How the instance literal `literal` compares with the bound: negative below, zero equal, positive above; nil if
    /// it is not a number.
    func compare(_ literal: String) -> Int? {
        if let short, let instance = ShortDecimal(literal: literal) { return instance.compare(to: short) }
        guard let instance = JSONDecimal(literal: literal) else { return nil }
        return instance < value ? -1 : instance == value ? 0 : 1
    }

    /// How the instance literal whose UTF-8 is `bytes` compares with the bound, as `compare(_:)`.
    func compare(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let short, let instance = ShortDecimal(bytes: bytes) { return instance.compare(to: short) }
        return compare(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether the instance literal `literal` is at least this bound (above it, when exclusive).
    func admitsAbove(_ literal: String) -> Bool {
        admitsAbove(order: compare(literal))
    }

    /// Whether the instance literal whose UTF-8 is `bytes` is at least this bound (above it, when exclusive).
    func admitsAbove(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        admitsAbove(order: compare(utf8: bytes))
    }

    private func admitsAbove(order: Int?) -> Bool {
        guard let order else { return true }
        return isExclusive ? order > 0 : order >= 0
    }

    /// Whether the instance literal `literal` is at most this bound (below it, when exclusive).
    func admitsBelow(_ literal: String) -> Bool {
        admitsBelow(order: compare(literal))
    }

    /// Whether the instance literal whose UTF-8 is `bytes` is at most this bound (below it, when exclusive).
    func admitsBelow(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        admitsBelow(order: compare(utf8: bytes))
    }

    private func admitsBelow(order: Int?) -> Bool {
        guard let order else { return true }
        return isExclusive ? order < 0 : order <= 0
    }

    /// Whether the instance literal `literal` is a whole multiple of this bound.
    func divides(_ literal: String) -> Bool {
        if let short, let instance = ShortDecimal(literal: literal) { return instance.isMultiple(of: short) }
        guard let instance = JSONDecimal(literal: literal) else { return true }
        return instance.isMultiple(of: value)
    }
}
