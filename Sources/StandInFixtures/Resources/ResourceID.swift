/// The id of a resource's item: a whole number or a string, as the seed's items have them.
public enum ResourceID: Hashable, Sendable, CustomStringConvertible {
    /// A whole-number id (`1`).
    case number(Int)
    /// A string id (`"a1"`, a UUID).
    case string(String)

    /// The id a JSON value holds, or nil when it is neither a whole number nor a string.
    init?(_ node: JSONNode) {
        switch node.value {
        case .number(let literal):
            guard let number = Int(literal) else { return nil }
            self = .number(number)
        case .string(let string):
            self = .string(string)
        default:
            return nil
        }
    }

    /// The id a path segment names, for a resource whose ids are numbers (`numeric`) or strings; nil when the
    /// segment cannot be such an id. A number is named only as the store writes it: `1`, never `01` or `+1`.
    init?(segment: String, numeric: Bool) {
        if numeric {
            guard let number = Int(segment), String(number) == segment else { return nil }
            self = .number(number)
        } else {
            self = .string(segment)
        }
    }

    /// Why an id with a control character is refused, said after the name of what holds it.
    static let controlCharacterRule =
        "holds a control character (such as CR, LF or NUL); an id must fit in a path and a Location header"

    /// Whether a string id holds a control character (C0 or DEL), which a path or a `Location` header cannot carry.
    var hasControlCharacter: Bool {
        guard case .string(let string) = self else { return false }
        return Self.hasControlCharacter(string)
    }

    /// Whether `text` holds a control character (C0 or DEL).
    static func hasControlCharacter(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// The id as a JSON value.
    var node: JSONNode {
        switch self {
        case .number(let number): JSONNode(.number(String(number)))
        case .string(let string): JSONNode(.string(string))
        }
    }

    /// The id as it appears in a path.
    public var description: String {
        switch self {
        case .number(let number): String(number)
        case .string(let string): string
        }
    }
}
