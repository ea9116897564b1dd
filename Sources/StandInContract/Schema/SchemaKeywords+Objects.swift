import StandInFixtures

extension SchemaKeywords {
    /// `minProperties`, `maxProperties`, `required`, `properties`, `patternProperties` and `additionalProperties`.
    func objectChecks() throws(SchemaCompileError) -> [SchemaCheck] {
        var checks: [SchemaCheck] = []
        if let limit = try count("minProperties") { checks.append(.minProperties(limit)) }
        if let limit = try count("maxProperties") { checks.append(.maxProperties(limit)) }
        let properties = try propertyTable()
        if let required = try required(properties: schema["properties"]) { checks.append(.required(required)) }
        let patterns = try patternRules()
        let additional = try additionalRule()
        if !properties.isEmpty || !patterns.isEmpty || !additional.acceptsAnything {
            checks.append(.members(MemberRules(properties: properties, patterns: patterns, additional: additional)))
        }
        return checks
    }

    /// `required`, without the properties a request need not carry (`readOnly`) and those a response need not
    /// (`writeOnly`); nil without `required`.
    private func required(properties: JSONNode?) throws(SchemaCompileError) -> RequiredProperties? {
        guard let value = schema["required"] else { return nil }
        guard case .array(let elements) = value.value else { throw wrongKind("required", "a list of names", value) }
        var inRequest: [String] = []
        var inResponse: [String] = []
        for element in elements {
            guard let name = element.stringValue else { throw wrongKind("required", "a list of names", element) }
            let property = properties?[name]
            if !isMarked(property, "readOnly") { inRequest.append(name) }
            if !isMarked(property, "writeOnly") { inResponse.append(name) }
        }
        return RequiredProperties(inRequest: inRequest, inResponse: inResponse)
    }

    /// Whether a property's schema says `keyword: true`, itself or (through `$ref`) its target.
    private func isMarked(_ property: JSONNode?, _ keyword: String) -> Bool {
        guard let property else { return false }
        if dialect == .openAPI31 || property["$ref"] == nil, property[keyword]?.boolValue == true { return true }
        return (try? compiler.references.resolved(property))?[keyword]?.boolValue == true
    }

    /// The schemas of `properties`, each one step in; empty when absent. A name written twice keeps its first schema.
    private func propertyTable() throws(SchemaCompileError) -> PropertyTable {
        guard let value = schema["properties"] else { return PropertyTable([]) }
        guard case .object(let members) = value.value else {
            throw wrongKind("properties", "an object of schemas", value)
        }
        var properties: [(name: String, schema: SchemaNode)] = []
        var seen: Set<String> = []
        for member in members where seen.insert(member.key).inserted {
            let at = childPointer("properties") + "/" + member.key.replacing("~", with: "~0").replacing("/", with: "~1")
            properties.append((member.key, try compiler.nodeOneStepIn(member.value, at: at)))
        }
        return PropertyTable(properties)
    }

    /// `patternProperties`, each pattern compiled as `pattern` is.
    private func patternRules() throws(SchemaCompileError) -> [MemberRules.PatternRule] {
        guard let value = schema["patternProperties"] else { return [] }
        guard case .object(let members) = value.value else {
            throw wrongKind("patternProperties", "an object of schemas", value)
        }
        var rules: [MemberRules.PatternRule] = []
        for member in members {
            let at =
                childPointer("patternProperties") + "/"
                + member.key.replacing("~", with: "~0").replacing("/", with: "~1")
            let pattern: TextPattern
            do {
                pattern = try TextPattern(member.key)
            } catch {
                throw SchemaCompileError(pointer: at, line: member.keyLine, message: error.reason)
            }
            rules.append(
                MemberRules.PatternRule(pattern: pattern, schema: try compiler.nodeOneStepIn(member.value, at: at))
            )
        }
        return rules
    }

    /// `additionalProperties`: a boolean (in either dialect) or a schema.
    private func additionalRule() throws(SchemaCompileError) -> MemberRules.Additional {
        guard let value = schema["additionalProperties"] else { return .allowed }
        if let allowed = value.boolValue { return allowed ? .allowed : .forbidden }
        return .schema(try compiler.nodeOneStepIn(value, at: childPointer("additionalProperties")))
    }
}
