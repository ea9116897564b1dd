import StandInFixtures

/// Why a document cannot be imported at all; what goes wrong inside one operation is a warning instead.
public enum OpenAPIImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is a JSON or YAML value other than an object.
    case notAnObject(found: String)
    /// The document is not OpenAPI 3.0 or 3.1 (the version it names, if any).
    case unsupportedVersion(String?)
    /// The document has no `paths` object.
    case noPaths

    public var description: String {
        switch self {
        case .notAnObject(let found):
            "the document is a \(found), not an OpenAPI object"
        case .unsupportedVersion(let version?):
            "the document is version \(version.quoted); only OpenAPI 3.0 and 3.1 can be imported"
        case .unsupportedVersion(nil):
            "the document has no \"openapi\" version; only OpenAPI 3.0 and 3.1 can be imported"
        case .noPaths:
            "the document has no \"paths\" object, so there is nothing to import"
        }
    }
}
