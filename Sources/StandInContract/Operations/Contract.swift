import StandInFixtures

/// An OpenAPI 3.0 or 3.1 document read as a contract: its operations, each with its parameters, request body and
/// responses compiled once, so a request is checked without parsing the spec again.
public struct Contract: Sendable {
    /// Every operation of the document, in the order written.
    public let operations: [ContractOperation]
    /// The path every operation's path starts with (`/v1`), from `servers[0].url`; empty for none.
    public let basePath: String
    /// Which schema rules the document follows, from its `openapi` version.
    public let dialect: SchemaDialect
    /// `operations` arranged for lookup by method and path.
    private let index: OperationIndex

    /// Reads `document` (a parsed spec); throws for a document that is not OpenAPI 3.0 or 3.1, or holds a schema or
    /// parameter that cannot be used, naming its line and pointer.
    public init(document: JSONNode) throws(ContractLoadError) {
        dialect = try Self.dialect(of: document)
        guard let paths = document.member("paths"), case .object = paths.value.value else {
            throw ContractLoadError(
                line: document.member("paths")?.keyLine ?? document.line,
                message: "the document has no \"paths\" object: there are no operations to hold requests to"
            )
        }
        let loader = ContractLoader(root: document, dialect: dialect)
        basePath = SpecServers.basePath(of: document)
        operations = try loader.operations(of: paths.value)
        index = OperationIndex(operations, basePath: basePath)
    }

    /// The schema rules of `document`'s version; throws for a document that is not OpenAPI 3.0 or 3.1.
    private static func dialect(of document: JSONNode) throws(ContractLoadError) -> SchemaDialect {
        guard case .object = document.value else {
            throw ContractLoadError(
                line: document.line,
                message: "an OpenAPI document is an object; this one is \(document.typeName == "array" ? "an" : "a") "
                    + document.typeName
            )
        }
        if let swagger = document.member("swagger") {
            throw ContractLoadError(
                line: swagger.keyLine,
                message: "Swagger \(swagger.value.textValue) is not supported: convert the spec to OpenAPI 3.0 or 3.1"
            )
        }
        guard let version = document.member("openapi") else {
            throw ContractLoadError(
                line: document.line,
                message: "the document has no \"openapi\" version: StandIn reads OpenAPI 3.0 and 3.1"
            )
        }
        let text = version.value.textValue
        if text.hasPrefix("3.0") { return .openAPI30 }
        if text.hasPrefix("3.1") { return .openAPI31 }
        throw ContractLoadError(
            line: version.keyLine,
            message: "OpenAPI \(text) is not supported: StandIn reads OpenAPI 3.0 and 3.1"
        )
    }

    /// The operation a request with `method` (upper-case) and `path` (percent-decoded, no query) is for, under the
    /// document's base path; a literal path beats a template (`/pets/mine` before `/pets/{id}`). Nil when the spec
    /// has none.
    public func operation(method: String, path: String) -> ContractOperation? {
        index.lookup(method: method, path: path).map { operations[$0.operation] }
    }

    /// Every way `request` breaks the spec, looked up once: nil when the spec has no operation for it, else the
    /// operation and its violations (empty when the request conforms).
    public func check<Request: IncomingRequest>(
        _ request: Request
    ) -> (operation: ContractOperation, violations: [ContractViolation])? {
        guard let found = index.lookup(method: request.method, path: request.path) else { return nil }
        let operation = operations[found.operation]
        let violations =
            operation.parameterViolations(of: request, captures: found.captures)
            + (operation.requestBody?.violations(of: request) ?? [])
        return (operation, violations)
    }
}

/// A spec that cannot be used as a contract.
public struct ContractLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the document at fault, or 0 when unknown.
    public let line: Int
    /// What is wrong, naming the JSON pointer where there is one.
    public let message: String

    /// An error on `line` saying `message`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
