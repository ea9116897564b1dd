import StandInFixtures

/// Compiles the schemas of one document, once, at load: every `$ref` target is compiled once and shared by every
/// schema that names it (recursive references included), so validating a request does no lookups.
///
/// A `$ref` may lead back to a schema being compiled only through a keyword that steps into a member or an element
/// (`properties`, `items`...): a loop through `$ref`, `allOf`, `anyOf`, `oneOf` or `not` alone would validate the
/// same value for ever, and is a compile error.
public final class SchemaCompiler {
    /// The document's references.
    public let references: SpecReferences
    /// The document's rules.
    public let dialect: SchemaDialect

    /// Each `$ref` compiled or being compiled, by the reference as written.
    private var compiled: [String: SchemaReference] = [:]
    /// The references being compiled for the value at hand, since the last step into a member or an element.
    private var inPlace: Set<String> = []
    /// The references the current `compile` call added, undone if it fails.
    private var added: [String] = []
    private let targets = SchemaTargets()

    /// A compiler for the schemas of the document `references.root`, read by `dialect`'s rules.
    public init(references: SpecReferences, dialect: SchemaDialect) {
        self.references = references
        self.dialect = dialect
    }

    /// `schema`, found at `pointer` in the document (for errors), compiled; a schema some `$ref` already led to
    /// (`/components/schemas/Pet`) is that compiled target.
    public func compile(_ schema: JSONNode, at pointer: String) throws(SchemaCompileError) -> JSONSchema {
        if let target = compiled["#" + pointer]?.target { return JSONSchema(root: target, targets: targets) }
        added = []
        do {
            return JSONSchema(root: try node(schema, at: pointer), targets: targets)
        } catch {
            // A failed compile may leave references half built; they are compiled again (and fail again) if asked.
            for reference in added { compiled[reference] = nil }
            inPlace = []
            throw error
        }
    }

    /// `schema` at `pointer` compiled, in the current run.
    func node(_ schema: JSONNode, at pointer: String) throws(SchemaCompileError) -> SchemaNode {
        switch schema.value {
        case .bool(let accepts) where dialect == .openAPI31:
            return accepts ? SchemaNode(checks: []) : .never
        case .object:
            return try SchemaKeywords(compiler: self, schema: schema, pointer: pointer).node()
        default:
            throw SchemaCompileError(
                pointer: pointer,
                line: schema.line,
                message: dialect == .openAPI31
                    ? "a schema must be an object or a boolean, not \(schema.typeName)"
                    : "a schema must be an object, not \(schema.typeName)"
            )
        }
    }

    /// `schema`, a member's or an element's schema, compiled: a `$ref` inside it may lead back to the schemas being
    /// compiled, as the value it validates is a smaller one.
    func nodeOneStepIn(_ schema: JSONNode, at pointer: String) throws(SchemaCompileError) -> SchemaNode {
        let outer = inPlace
        inPlace = []
        defer { inPlace = outer }
        return try node(schema, at: pointer)
    }

    /// The compiled target of `reference` (written at `pointer`, on `line`): compiled now if it was not yet, the
    /// same node every time after.
    func target(of reference: String, at pointer: String, line: Int) throws(SchemaCompileError) -> SchemaReference {
        if let cell = compiled[reference] {
            guard !inPlace.contains(reference) else {
                throw SchemaCompileError(
                    pointer: pointer,
                    line: line,
                    message: "$ref \(reference.quoted) leads back to itself without stepping into a property or an "
                        + "item, so it could never be checked"
                )
            }
            return cell
        }
        let document: JSONNode
        do {
            document = try references.target(of: reference)
        } catch {
            throw SchemaCompileError(pointer: pointer, line: line, message: error.description)
        }
        let cell = SchemaReference()
        compiled[reference] = cell
        added.append(reference)
        inPlace.insert(reference)
        let node = try node(document, at: String(reference.dropFirst()))
        cell.resolve(to: node)
        targets.keep(node)
        inPlace.remove(reference)
        return cell
    }
}
