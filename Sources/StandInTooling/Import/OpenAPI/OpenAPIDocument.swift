import StandInContract
import StandInFixtures

/// An OpenAPI 3.0 or 3.1 document as parsed JSON, with what every part of the import asks of it: which version's
/// schema rules apply and local `$ref`s resolved.
struct OpenAPIDocument {
    /// The whole document.
    let root: JSONNode
    /// Whether schemas follow OpenAPI 3.1 (JSON Schema 2020-12: `type` arrays, numeric `exclusiveMinimum`, `examples`
    /// arrays, `$ref` beside other keywords) rather than 3.0.
    let isVersion31: Bool

    /// Reads the document's version; throws for anything that is not OpenAPI 3.0 or 3.1 (Swagger 2.0 included).
    init(root: JSONNode) throws(OpenAPIImportError) {
        guard case .object = root.value else { throw .notAnObject(found: root.typeName) }
        if let swagger = root["swagger"] { throw .unsupportedVersion(swagger.textValue) }
        guard let version = root["openapi"]?.stringValue else { throw .unsupportedVersion(nil) }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else { throw .unsupportedVersion(version) }
        self.root = root
        isVersion31 = version.hasPrefix("3.1")
    }

    /// `node` with its `$ref` chain followed (see `SpecReferences`).
    func resolved(_ node: JSONNode) throws(SpecReferenceError) -> JSONNode {
        try SpecReferences(root: root).resolved(node)
    }
}
