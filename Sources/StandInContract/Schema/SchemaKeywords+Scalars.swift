import StandInFixtures

extension SchemaKeywords {
    /// `type` (with 3.0's `nullable`), `enum`, `const`, the string keywords and the number keywords.
    func scalarChecks() throws(SchemaCompileError) -> [SchemaCheck] {
        var checks: [SchemaCheck] = []
        if let types = try types() {
            checks.append(.type(types, dialect == .openAPI30 ? .asWritten : .byValue))
        }
        if let value = schema["enum"] {
            guard case .array(let values) = value.value else { throw wrongKind("enum", "a list", value) }
            checks.append(.oneOfValues(EnumValues(values)))
        }
        if dialect == .openAPI31, let value = schema["const"] { checks.append(.constant(value)) }
        if let limit = try count("minLength") { checks.append(.minLength(limit)) }
        if let limit = try count("maxLength") { checks.append(.maxLength(limit)) }
        if let value = schema["pattern"] { checks.append(.pattern(try pattern(value))) }
        if let value = schema["format"] {
            guard let name = value.stringValue else { throw wrongKind("format", "a string", value) }
            if let format = SchemaFormat(rawValue: name) { checks.append(.format(format)) }
        }
        return checks + (try numberChecks())
    }

    /// The types `type` allows (a name, or in either dialect a list of names), with `null` when a 3.0 schema is
    /// `nullable`; nil without `type`.
    private func types() throws(SchemaCompileError) -> SchemaTypes? {
        guard let value = schema["type"] else { return nil }
        let names: [JSONNode]
        switch value.value {
        case .string: names = [value]
        case .array(let elements): names = elements
        default: throw wrongKind("type", "a type name or a list of them", value)
        }
        var types: SchemaTypes = []
        for name in names {
            guard let type = name.stringValue.flatMap(SchemaTypes.init(name:)) else {
                throw wrongKind("type", "one of string, number, integer, boolean, array, object, null", name)
            }
            types.insert(type)
        }
        if dialect == .openAPI30, try flag("nullable") { types.insert(.null) }
        return types
    }

    /// The `pattern` value, compiled; a pattern the engine refuses, or one that could run away, is an error.
    private func pattern(_ value: JSONNode) throws(SchemaCompileError) -> TextPattern {
        guard let source = value.stringValue else { throw wrongKind("pattern", "a string", value) }
        do {
            return try TextPattern(source)
        } catch {
            throw SchemaCompileError(pointer: childPointer("pattern"), line: value.line, message: error.reason)
        }
    }

    /// `minimum`, `maximum`, their exclusive forms (3.0's booleans and 3.1's numbers, read in either dialect) and
    /// `multipleOf`.
    private func numberChecks() throws(SchemaCompileError) -> [SchemaCheck] {
        var checks: [SchemaCheck] = []
        if let bound = try bound("minimum", exclusive: exclusive("exclusiveMinimum")) {
            checks.append(.minimum(bound))
        }
        if let bound = try bound("maximum", exclusive: exclusive("exclusiveMaximum")) {
            checks.append(.maximum(bound))
        }
        if schema["exclusiveMinimum"]?.boolValue == nil, let bound = try bound("exclusiveMinimum", exclusive: true) {
            checks.append(.minimum(bound))
        }
        if schema["exclusiveMaximum"]?.boolValue == nil, let bound = try bound("exclusiveMaximum", exclusive: true) {
            checks.append(.maximum(bound))
        }
        if let bound = try bound("multipleOf", exclusive: false) {
            guard !bound.value.isZero, !bound.value.isNegative else {
                throw wrongKind("multipleOf", "a number above 0", schema["multipleOf"] ?? schema)
            }
            checks.append(.multipleOf(bound))
        }
        return checks
    }

    /// Whether a boolean exclusive keyword (3.0) is true; false when absent or a number.
    private func exclusive(_ keyword: String) -> Bool {
        schema[keyword]?.boolValue ?? false
    }

    /// The number `keyword` holds, nil when absent.
    private func bound(_ keyword: String, exclusive: Bool) throws(SchemaCompileError) -> NumericBound? {
        guard let value = schema[keyword] else { return nil }
        guard case .number(let literal) = value.value,
            let bound = NumericBound(literal: literal, isExclusive: exclusive)
        else { throw wrongKind(keyword, "a number", value) }
        return bound
    }
}
