import StandInFixtures

/// What the sampler reads from one schema object, asked the same way for OpenAPI 3.0 and 3.1: the types it allows,
/// whether it allows `null`, and its bounds.
struct SchemaView {
    /// The schema object (its `$ref`, if any, already followed).
    let node: JSONNode

    /// The types the schema names, `null` left out, in the order written; empty when it names none.
    var types: [String] {
        switch node["type"]?.value {
        case .string(let type): type == "null" ? [] : [type]
        case .array(let types): types.compactMap(\.stringValue).filter { $0 != "null" }
        default: []
        }
    }

    /// Whether `null` is allowed: 3.0's `nullable: true`, or `"null"` among 3.1's types.
    var allowsNull: Bool {
        if node["nullable"]?.boolValue == true { return true }
        switch node["type"]?.value {
        case .string(let type): return type == "null"
        case .array(let types): return types.contains { $0.stringValue == "null" }
        default: return false
        }
    }

    /// The type to sample: the first one named, else the one the schema's keywords imply.
    var sampledType: String? {
        if let first = types.first { return first }
        if node["properties"] != nil || node["additionalProperties"] != nil || node["required"] != nil {
            return "object"
        }
        if node["items"] != nil || node["prefixItems"] != nil { return "array" }
        if node["pattern"] != nil || node["format"] != nil || node["minLength"] != nil || node["maxLength"] != nil {
            return "string"
        }
        if node["minimum"] != nil || node["maximum"] != nil || node["multipleOf"] != nil { return "number" }
        return allowsNull ? "null" : nil
    }

    /// The schema's `properties`, in the order written.
    var properties: [JSONNode.Member] {
        guard case .object(let members) = node["properties"]?.value else { return [] }
        return members
    }

    /// The names in `required`.
    var required: [String] {
        guard case .array(let names) = node["required"]?.value else { return [] }
        return names.compactMap(\.stringValue)
    }

    /// A non-negative whole-number keyword (`minItems`, `maxLength`), or nil when absent or not one.
    func count(_ key: String) -> Int? {
        node[key]?.intValue.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// The lower bound of a number: `minimum`, or `exclusiveMinimum` (3.0: a flag on `minimum`; 3.1: a number; either
    /// is read in either version, as documents mix them).
    var lowerBound: (value: Double, exclusive: Bool)? {
        bound(inclusive: "minimum", exclusive: "exclusiveMinimum", tighter: >)
    }

    /// The upper bound of a number: `maximum`, or `exclusiveMaximum`.
    var upperBound: (value: Double, exclusive: Bool)? {
        bound(inclusive: "maximum", exclusive: "exclusiveMaximum", tighter: <)
    }

    private func bound(
        inclusive: String,
        exclusive: String,
        tighter: (Double, Double) -> Bool
    ) -> (value: Double, exclusive: Bool)? {
        let plain = node[inclusive]?.doubleValue
        if let flag = node[exclusive]?.boolValue { return plain.map { ($0, flag) } }
        guard let strict = node[exclusive]?.doubleValue else { return plain.map { ($0, false) } }
        guard let plain, !tighter(strict, plain) else { return (strict, true) }
        return (plain, false)
    }
}
