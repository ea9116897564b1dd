import StandInFixtures

/// An OpenAPI 3.0 or 3.1 document read as a contract: its operations, each with its parameters, request body and
/// responses compiled once, so a request is checked without parsing the spec again.
public struct Contract: Sendable {
    /// Every operation of the document, in the order written.
    public let operations: [ContractOperation]

    /// Reads `document` (a parsed spec); throws for a document that is not OpenAPI 3.0 or 3.1, or holds a schema or
    /// parameter that cannot be used, naming its line and pointer.
    public init(document: JSONNode) throws(ContractLoadError) {
        operations = []
    }

    /// The operation a request with `method` (upper-case) and `path` (percent-decoded, no query) is for, under the
    /// document's base path; a literal path beats a template (`/pets/mine` before `/pets/{id}`). Nil when the spec
    /// has none.
    public func operation(method: String, path: String) -> ContractOperation? {
        nil
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
