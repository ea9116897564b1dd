/// Why a request to a GraphQL endpoint gets no fixture's answer: answered with a GraphQL-shaped error body, as a
/// GraphQL server answers it (`{"errors":[{"message","locations","extensions":{"code"}}]}`).
public struct GraphQLFailure: Error, Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// `extensions.code`: `BAD_REQUEST`, `GRAPHQL_PARSE_FAILED`, `OPERATION_RESOLUTION_FAILURE`,
    /// `PERSISTED_QUERY_NOT_FOUND`, `STANDIN_LIMIT` or `STANDIN_NO_MATCH`.
    public let code: String
    /// What is wrong, as `errors[0].message` says it.
    public let message: String
    /// Where in the document, for a syntax error: 1-based line and column.
    public let location: GraphQLLocation?

    /// A failure answered with `status`, `code` and `message`, at `location` in the document if it has one.
    public init(status: Int, code: String, _ message: String, location: GraphQLLocation? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.location = location
    }

    /// A request that is not GraphQL (400 `BAD_REQUEST`).
    static func badRequest(_ message: String) -> Self {
        Self(status: 400, code: "BAD_REQUEST", message)
    }

    /// A request past one of `GraphQLLimits` (413 `STANDIN_LIMIT`).
    static func tooLarge(_ message: String) -> Self {
        Self(status: 413, code: "STANDIN_LIMIT", message)
    }

    /// A persisted query sent by a hash no fixture knows, with no document: Apollo's answer, which makes its
    /// clients send the document with the hash.
    static let persistedQueryNotFound = Self(status: 200, code: "PERSISTED_QUERY_NOT_FOUND", "PersistedQueryNotFound")

    /// The error body.
    public var body: [UInt8] {
        entry.compactBytes
    }

    /// `{"errors":[…]}` with this failure's one error: a response body, or a batch member's answer.
    var entry: JSONNode {
        var error: [(String, JSONNode)] = [("message", JSONNode(.string(message)))]
        if let location {
            let point = JSONNode.object([
                ("line", JSONNode(.number(String(location.line)))),
                ("column", JSONNode(.number(String(location.column)))),
            ])
            error.append(("locations", JSONNode(.array([point]))))
        }
        error.append(("extensions", JSONNode.object([("code", JSONNode(.string(code)))])))
        return JSONNode.object([("errors", JSONNode(.array([JSONNode.object(error)])))])
    }
}

/// A position in a GraphQL document: 1-based line and column.
public struct GraphQLLocation: Sendable, Equatable {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// A position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
