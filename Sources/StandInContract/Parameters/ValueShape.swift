import StandInFixtures

/// The JSON type a schema asks of a value that arrives as text (a parameter, a form field), read from the schema's
/// `type` (the first that is not `null` in a 3.1 type list), its `items` and its `properties`, following `$ref`s and
/// the first typed branch of `allOf`/`anyOf`/`oneOf`. Text is coerced to that type before the schema checks it.
indirect enum ValueShape: Sendable {
    /// Text kept as a string: the schema asks for a string, or says nothing about the type.
    case string
    /// A JSON integer.
    case integer
    /// A JSON number.
    case number
    /// `true` or `false`.
    case boolean
    /// An array of `items`.
    case array(items: ValueShape)
    /// An object whose `properties` have their own shapes, any other member `additional`.
    case object(properties: [String: ValueShape], additional: ValueShape)

    /// How deep a shape is read: text values hold scalars, arrays of scalars and objects of scalars (a form's
    /// fields), so deeper parts are kept as strings and a large nested schema costs no more than its top level.
    static let deepest = 3

    /// The shape `schema` asks for; `index` follows its `$ref`s.
    init(schema: JSONNode?, index: ReferenceIndex, depth: Int = 0) {
        guard let written = schema, depth < Self.deepest,
            let schema = try? index.resolved(written, at: "").node
        else {
            self = .string
            return
        }
        switch Self.typeName(of: schema, index: index, depth: depth) {
        case "integer": self = .integer
        case "number": self = .number
        case "boolean": self = .boolean
        case "array": self = .array(items: ValueShape(schema: schema["items"], index: index, depth: depth + 1))
        case "object" where depth > 0:
            self = .object(properties: [:], additional: .string)
        case "object":
            var properties: [String: ValueShape] = [:]
            for property in schema["properties"]?.members ?? [] where properties[property.key] == nil {
                properties[property.key] = ValueShape(schema: property.value, index: index, depth: depth + 1)
            }
            let additional = schema["additionalProperties"].flatMap { $0.boolValue == nil ? $0 : nil }
            self = .object(
                properties: properties,
                additional: ValueShape(schema: additional, index: index, depth: depth + 1)
            )
        default: self = .string
        }
    }

    /// The type `schema` names, looking into the branches of a composition when it names none.
    private static func typeName(of schema: JSONNode, index: ReferenceIndex, depth: Int) -> String? {
        switch schema["type"]?.value {
        case .string(let name): return name
        case .array(let names): return names.lazy.compactMap(\.stringValue).first { $0 != "null" }
        default: break
        }
        if schema["properties"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        guard depth < Self.deepest else { return nil }
        for keyword in ["allOf", "anyOf", "oneOf"] {
            for branch in schema[keyword]?.elements ?? [] {
                guard let resolved = try? index.resolved(branch, at: "").node,
                    let name = typeName(of: resolved, index: index, depth: depth + 1)
                else { continue }
                return name
            }
        }
        return nil
    }

    /// The shape of the member `key` of an object of this shape.
    func member(_ key: String) -> ValueShape {
        guard case .object(let properties, let additional) = self else { return .string }
        return properties[key] ?? additional
    }

    /// Whether values of this shape are arrays.
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// Whether values of this shape are objects.
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
