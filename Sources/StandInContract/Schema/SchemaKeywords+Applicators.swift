import StandInFixtures

extension SchemaKeywords {
    /// `allOf`, `anyOf`, `oneOf` (either of the two read through a `discriminator` when there is one) and `not`.
    func applicatorChecks() throws(SchemaCompileError) -> [SchemaCheck] {
        var checks: [SchemaCheck] = []
        if let schemas = try schemaList("allOf") { checks.append(.allOf(schemas)) }
        // A discriminator reads `oneOf` when there is one, else `anyOf`.
        let discriminated = schema["discriminator"] == nil ? nil : schema["oneOf"] != nil ? "oneOf" : "anyOf"
        if let schemas = try schemaList("anyOf") {
            if discriminated == "anyOf", let discriminator = try discriminator(schemas, "anyOf") {
                checks.append(.discriminator(discriminator))
            } else {
                checks.append(.anyOf(schemas))
            }
        }
        if let schemas = try schemaList("oneOf") {
            if discriminated == "oneOf", let discriminator = try discriminator(schemas, "oneOf") {
                checks.append(.discriminator(discriminator))
            } else {
                checks.append(.oneOf(schemas))
            }
        }
        if let value = schema["not"] { checks.append(.not(try compiler.node(value, at: childPointer("not")))) }
        return checks
    }

    /// The `discriminator` beside `keyword`, whose compiled members are `members`: each value names the member of
    /// `mapping` (a `$ref` or a schema name under `#/components/schemas/`) or else the member whose `$ref` ends in
    /// that name. Nil when no value names anything (members written inline, no mapping): the plain keyword applies.
    private func discriminator(_ members: [SchemaNode], _ keyword: String) throws(SchemaCompileError) -> Discriminator?
    {
        guard let value = schema["discriminator"], case .object = value.value,
            let propertyName = value["propertyName"]?.stringValue
        else { throw wrongKind("discriminator", "an object with a propertyName", schema["discriminator"] ?? schema) }
        var choices: [String: SchemaNode] = [:]
        if case .array(let written) = schema[keyword]?.value {
            for (member, node) in zip(written, members) {
                guard let reference = member["$ref"]?.stringValue, let name = reference.split(separator: "/").last
                else { continue }
                choices[String(name)] = node
            }
        }
        if let mapping = value["mapping"] {
            guard case .object(let entries) = mapping.value else {
                throw wrongKind("discriminator", "an object whose mapping is an object", value)
            }
            for entry in entries {
                guard let target = entry.value.stringValue else {
                    throw wrongKind("discriminator", "an object whose mapping names schemas", value)
                }
                let reference =
                    target.contains("/") || target.hasPrefix("#") ? target : "#/components/schemas/\(target)"
                let cell = try compiler.target(
                    of: reference,
                    at: childPointer("discriminator") + "/mapping",
                    line: entry.value.line
                )
                choices[entry.key] = cell.target ?? SchemaNode(checks: [.reference(cell)])
            }
        }
        return choices.isEmpty ? nil : Discriminator(propertyName: propertyName, choices: choices)
    }
}
