import StandInFixtures

extension SchemaKeywords {
    /// `minItems`, `maxItems`, `uniqueItems`, `items` and (3.1) `prefixItems`.
    func arrayChecks() throws(SchemaCompileError) -> [SchemaCheck] {
        var checks: [SchemaCheck] = []
        if let limit = try count("minItems") { checks.append(.minItems(limit)) }
        if let limit = try count("maxItems") { checks.append(.maxItems(limit)) }
        if try flag("uniqueItems") { checks.append(.uniqueItems) }
        var prefix: [SchemaNode] = []
        if dialect == .openAPI31, let value = schema["prefixItems"] {
            guard case .array(let elements) = value.value else {
                throw wrongKind("prefixItems", "a list of schemas", value)
            }
            for (index, element) in elements.enumerated() {
                prefix.append(try compiler.nodeOneStepIn(element, at: childPointer("prefixItems") + "/\(index)"))
            }
        }
        var rest: SchemaNode?
        if let value = schema["items"] {
            if case .array = value.value { throw wrongKind("items", "a schema", value) }
            rest = try compiler.nodeOneStepIn(value, at: childPointer("items"))
        }
        if !prefix.isEmpty || rest != nil { checks.append(.elements(ElementRules(prefix: prefix, rest: rest))) }
        return checks
    }
}
