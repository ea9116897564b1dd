/// A condition on one query parameter's or header's value.
public enum ValueMatcher: Sendable, Equatable, CustomStringConvertible {
    /// The value equals this string.
    case equals(String)
    /// The value starts with this string.
    case prefix(String)
    /// The value contains this string.
    case contains(String)
    /// The value matches this regular expression (anywhere; anchor it with `^…$` for the whole value).
    case regex(TextPattern)
    /// The field is present (`true`) or absent (`false`), whatever its value.
    case present(Bool)

    /// Whether the field's values satisfy the condition; a field can repeat, and one satisfying value is enough.
    public func matches(_ values: some Sequence<String>) -> Bool {
        if case .present(let wanted) = self { return values.contains { _ in true } == wanted }
        return values.contains { matches($0) }
    }

    /// Whether one value satisfies the condition.
    public func matches(_ value: String) -> Bool {
        switch self {
        case .equals(let expected): value == expected
        case .prefix(let prefix): value.hasPrefix(prefix)
        case .contains(let part): value.contains(part)
        case .regex(let pattern): pattern.matches(value)
        case .present(let wanted): wanted
        }
    }

    /// How a diagnostic describes what was expected: `equals "profile"`, `present`.
    public var description: String {
        switch self {
        case .equals(let expected): "equals \(expected.quoted)"
        case .prefix(let prefix): "prefix \(prefix.quoted)"
        case .contains(let part): "contains \(part.quoted)"
        case .regex(let pattern): "regex \(pattern.source.quoted)"
        case .present(let wanted): wanted ? "present" : "absent"
        }
    }
}
