/// The parts of a request a fixture requires; what it does not list is ignored.
public struct RequestPattern: Sendable {
    /// The method, or any.
    public var method: MethodPattern
    /// The path: literal, template or regular expression.
    public var path: PathPattern
    /// Query parameters by name.
    public var query: [FieldMatcher]
    /// Headers by name (names are matched case-insensitively).
    public var headers: [FieldMatcher]
    /// The body, if the fixture looks at it.
    public var body: BodyMatcher?
    /// The GraphQL operation, if the fixture answers one (`request.graphql`).
    public var graphql: GraphQLMatcher?
    /// How fast the server reads the request's body, in bytes per second (`"readRate": "512KB/s"`); nil reads it
    /// as fast as it arrives. Not a condition: it applies once the request's head matches.
    public var readRate: Int?
    /// The host the request was sent to (`request.host`), matched on the proxy port only: on the main and session
    /// ports, where a request carries no such host, it is ignored.
    public let host: HostPattern?

    /// Creates a pattern; everything but the path defaults to "don't care" and the method to `GET`.
    public init(
        method: MethodPattern = .exact("GET"),
        path: PathPattern,
        query: [FieldMatcher] = [],
        headers: [FieldMatcher] = [],
        body: BodyMatcher? = nil,
        graphql: GraphQLMatcher? = nil,
        host: HostPattern? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.graphql = graphql
        self.host = host
    }

    /// How many conditions beyond method and path this pattern sets; more specific fixtures win ties. A GraphQL
    /// matcher counts each of its conditions: an operation matched by name and variables beats one matched by name.
    public var specificity: Int {
        query.count + headers.count + (body == nil ? 0 : 1) + (graphql.map(\.conditionCount) ?? 0)
    }
}

/// A request method to match.
public enum MethodPattern: Sendable, Hashable, CustomStringConvertible {
    /// Any method (`"ANY"` in a fixture).
    case any
    /// One method, upper-case (`GET`).
    case exact(String)
    /// `POST` or `GET`: a GraphQL fixture's methods when it names none.
    case graphQL

    /// Whether `method` (upper-case) matches.
    public func matches(_ method: String) -> Bool {
        switch self {
        case .any: true
        case .exact(let expected): expected == method
        case .graphQL: method == "POST" || method == "GET"
        }
    }

    public var description: String {
        switch self {
        case .any: "ANY"
        case .exact(let method): method
        case .graphQL: "POST|GET"
        }
    }
}

/// A named query parameter or header and what its value must satisfy.
public struct FieldMatcher: Sendable, Equatable {
    /// The parameter or header name; header names are stored lower-cased.
    public let name: String
    /// The condition on the value.
    public let matcher: ValueMatcher

    /// Creates a field matcher.
    public init(name: String, matcher: ValueMatcher) {
        self.name = name
        self.matcher = matcher
    }
}
