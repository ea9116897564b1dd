import StandInFixtures

/// Compiles the schemas of one document, once, at load: every `$ref` target is compiled once and shared by every
/// schema that names it (recursive references included), so validating a request does no lookups.
public final class SchemaCompiler {
    /// The document's references.
    public let references: SpecReferences
    /// The document's rules.
    public let dialect: SchemaDialect

    /// A compiler for the schemas of the document `references.root`, read by `dialect`'s rules.
    public init(references: SpecReferences, dialect: SchemaDialect) {
        self.references = references
        self.dialect = dialect
    }

    /// `schema`, found at `pointer` in the document (for errors), compiled.
    public func compile(_ schema: JSONNode, at pointer: String) throws(SchemaCompileError) -> JSONSchema {
        JSONSchema()
    }
}
