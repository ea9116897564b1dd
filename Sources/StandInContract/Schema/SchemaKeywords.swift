import StandInFixtures

/// The keywords of one schema object read into checks, in the dialect's rules: what a keyword's value must be is
/// checked here, once, so that validation never looks at a keyword again.
struct SchemaKeywords {
    let compiler: SchemaCompiler
    /// The schema object.
    let schema: JSONNode
    /// Its JSON pointer in the document.
    let pointer: String

    var dialect: SchemaDialect { compiler.dialect }

    /// The compiled schema: in 3.0 a `$ref` stands for its target alone (its siblings are ignored); in 3.1 it
    /// applies beside them.
    func node() throws(SchemaCompileError) -> SchemaNode {
        var checks: [SchemaCheck] = []
        if let reference = schema["$ref"] {
            let cell = try target(of: reference, at: childPointer("$ref"))
            if dialect == .openAPI30 || !hasAssertions {
                return cell.target ?? SchemaNode(checks: [.reference(cell)])
            }
            checks.append(.reference(cell))
        }
        checks += try directionChecks()
        checks += try scalarChecks()
        checks += try arrayChecks()
        checks += try objectChecks()
        checks += try applicatorChecks()
        return SchemaNode(checks: checks.sorted { $0.cost < $1.cost })
    }

    /// Whether the schema has a keyword beside `$ref` that can fail an instance.
    private var hasAssertions: Bool {
        guard case .object(let members) = schema.value else { return false }
        return members.contains { !Self.annotations.contains($0.key) }
    }

    /// Keywords that never fail an instance, in either direction.
    private static let annotations: Set<String> = [
        "$ref", "$id", "$schema", "$comment", "$defs", "$anchor", "title", "description", "default", "example",
        "examples", "deprecated", "externalDocs", "xml",
    ]

    /// `readOnly` and `writeOnly`, which refuse a value in one direction.
    private func directionChecks() throws(SchemaCompileError) -> [SchemaCheck] {
        var checks: [SchemaCheck] = []
        if try flag("readOnly") { checks.append(.readOnly) }
        if try flag("writeOnly") { checks.append(.writeOnly) }
        return checks
    }

    /// The compiled target of the `$ref` value `reference`, found at `pointer`.
    func target(of reference: JSONNode, at pointer: String) throws(SchemaCompileError) -> SchemaReference {
        guard let text = reference.stringValue else { throw wrongKind("$ref", "a string", reference) }
        return try compiler.target(of: text, at: pointer, line: reference.line)
    }

    /// The pointer of the keyword (or member) `key` of this schema.
    func childPointer(_ key: String) -> String {
        pointer + "/" + key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// The error for `keyword` whose value `value` is not `expected`.
    func wrongKind(_ keyword: String, _ expected: String, _ value: JSONNode) -> SchemaCompileError {
        SchemaCompileError(
            pointer: childPointer(keyword),
            line: value.line,
            message: "\(keyword) must be \(expected), not \(value.compactString)"
        )
    }

    /// A boolean keyword's value, false when absent.
    func flag(_ keyword: String) throws(SchemaCompileError) -> Bool {
        guard let value = schema[keyword] else { return false }
        guard let flag = value.boolValue else { throw wrongKind(keyword, "true or false", value) }
        return flag
    }

    /// A count keyword's value (`minLength`...), nil when absent.
    func count(_ keyword: String) throws(SchemaCompileError) -> Int? {
        guard let value = schema[keyword] else { return nil }
        guard let count = value.intValue, count >= 0 else { throw wrongKind(keyword, "a whole number ≥ 0", value) }
        return count
    }

    /// The schemas of a list keyword (`allOf`...), compiled in place; nil when absent.
    func schemaList(_ keyword: String) throws(SchemaCompileError) -> [SchemaNode]? {
        guard let value = schema[keyword] else { return nil }
        guard case .array(let elements) = value.value, !elements.isEmpty else {
            throw wrongKind(keyword, "a non-empty list of schemas", value)
        }
        var nodes: [SchemaNode] = []
        for (index, element) in elements.enumerated() {
            nodes.append(try compiler.node(element, at: childPointer(keyword) + "/\(index)"))
        }
        return nodes
    }
}

extension SchemaCheck {
    /// How much a check costs, roughly, so the cheap ones run first and a failure stops `isValid` early: scalar
    /// checks, then counts, then patterns and formats, then descents and the schemas applied in place.
    var cost: Int {
        switch self {
        case .never, .readOnly, .writeOnly, .type: 0
        case .oneOfValues, .constant, .minimum, .maximum, .multipleOf: 1
        case .minLength, .maxLength, .minItems, .maxItems, .minProperties, .maxProperties, .required: 2
        case .format, .pattern: 3
        case .uniqueItems: 4
        case .members, .elements: 5
        case .reference, .allOf: 6
        case .discriminator, .anyOf, .oneOf, .not: 7
        }
    }
}
