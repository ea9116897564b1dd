import StandInFixtures

/// A value as it arrived in text, split by its style but not yet typed: one string, a list, or key–value pairs.
enum TextValue: Sendable {
    /// One value (a primitive).
    case single(String)
    /// The elements of an array.
    case list([String])
    /// The members of an object, in the order sent.
    case pairs([(key: String, value: String)])

    /// This value as JSON of `shape`, or the first part that cannot be read as its type: its pointer below the
    /// value (`/1`, `/color`) and a sentence.
    func coerced(to shape: ValueShape) -> Result<JSONNode, CoercionFailure> {
        switch self {
        case .single(let text):
            if case .array(let items) = shape { return TextValue.list([text]).coerced(to: .array(items: items)) }
            return Self.scalar(text, as: shape).map { .success($0) } ?? .failure(.init(text, shape, at: ""))
        case .list(let elements):
            let items: ValueShape
            if case .array(let itemShape) = shape { items = itemShape } else { items = .string }
            var nodes: [JSONNode] = []
            nodes.reserveCapacity(elements.count)
            for (offset, element) in elements.enumerated() {
                guard let node = Self.scalar(element, as: items) else {
                    return .failure(.init(element, items, at: "/\(offset)"))
                }
                nodes.append(node)
            }
            return .success(JSONNode(.array(nodes)))
        case .pairs(let pairs):
            var members: [JSONNode.Member] = []
            members.reserveCapacity(pairs.count)
            for pair in pairs {
                let memberShape = shape.member(pair.key)
                guard let node = Self.scalar(pair.value, as: memberShape) else {
                    return .failure(.init(pair.value, memberShape, at: "/" + ContractPointer.escaped(pair.key)))
                }
                members.append(JSONNode.Member(key: pair.key, value: node))
            }
            return .success(JSONNode(.object(members)))
        }
    }

    /// `text` as a JSON scalar of `shape`; nil when it is not one. Arrays and objects nested in a text value are
    /// kept as text for the schema to judge. Where a number or a boolean is asked, `null` is JSON's null, for the
    /// schema to accept when it is nullable (OpenAPI writes no null in text; `null` is what clients such as
    /// schemathesis send).
    static func scalar(_ text: String, as shape: ValueShape) -> JSONNode? {
        if text == "null", shape.isNumberOrBoolean { return JSONNode(.null) }
        switch shape {
        case .integer, .number:
            guard let first = text.utf8.first, first == UInt8(ascii: "-") || (48...57).contains(first),
                let node = try? JSONParser.parse(text), case .number = node.value
            else { return nil }
            if case .integer = shape, node.intValue == nil, text.contains(where: { ".eE".contains($0) }) { return nil }
            return JSONNode(node.value)
        case .boolean:
            switch text {
            case "true": return JSONNode(.bool(true))
            case "false": return JSONNode(.bool(false))
            default: return nil
            }
        case .string, .array, .object:
            return JSONNode(.string(text))
        }
    }
}

/// A text value that is not of the type its schema asks for.
struct CoercionFailure: Error {
    /// Where in the value, below the parameter: `` for the value itself, `/1` for an element.
    let pointer: String
    /// `expected integer, got "abc"`.
    let message: String

    /// A failure at `pointer` saying `message`.
    init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `text` is not of `shape`'s type.
    init(_ text: String, _ shape: ValueShape, at pointer: String) {
        self.pointer = pointer
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        message = "expected \(shape.name), got \(shown.quotedForMessage)"
    }
}

extension ValueShape {
    /// Whether the shape is a number (integer or not) or a boolean.
    var isNumberOrBoolean: Bool {
        switch self {
        case .integer, .number, .boolean: true
        case .string, .array, .object: false
        }
    }

    /// The JSON type's name, for messages.
    var name: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension String {
    /// The text in double quotes with `"` and `\` escaped, for a message.
    var quotedForMessage: String {
        "\"" + replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
