/// A request and what has been derived from it so far: parsed query, body text, body JSON and GraphQL payload are
/// computed on first use and kept for the rest of the request.
public struct RequestFacts<Request: IncomingRequest> {
    /// The request itself.
    public let request: Request
    @usableFromInline var parsedQuery: [(name: String, value: String)]?
    @usableFromInline var cachedBody: [UInt8]?
    @usableFromInline var cachedJSON: JSONNode??
    @usableFromInline var cachedGraphQL: GraphQLPayload?

    /// Wraps a request; nothing is parsed yet.
    @inlinable
    public init(_ request: Request) {
        self.request = request
    }

    /// The values of a query parameter, percent-decoded, in order.
    public mutating func queryValues(named name: String) -> [String] {
        if parsedQuery == nil { parsedQuery = QueryString.parse(request.rawQuery ?? "") }
        return parsedQuery!.lazy.filter { $0.name == name }.map(\.value)
    }

    /// The body's bytes.
    public mutating func bodyBytes() -> [UInt8] {
        if let cachedBody { return cachedBody }
        let body = request.body
        cachedBody = body
        return body
    }

    /// The body as text (invalid UTF-8 is repaired).
    public mutating func bodyText() -> String {
        String(decoding: bodyBytes(), as: UTF8.self)
    }

    /// The body parsed as JSON, or nil when it is not JSON.
    public mutating func bodyJSON() -> JSONNode? {
        if let cachedJSON { return cachedJSON }
        let json = try? JSONParser.parse(bodyBytes())
        cachedJSON = .some(json)
        return json
    }

    /// The request read as GraphQL: one operation, a batch, or why a GraphQL server would refuse it.
    public mutating func graphQL() -> GraphQLPayload {
        if let cachedGraphQL { return cachedGraphQL }
        let payload = GraphQLPayload.read(&self)
        cachedGraphQL = payload
        return payload
    }

    /// The name of the GraphQL operation the request was read as, if matching or answering read it as one (`""`
    /// for an anonymous operation); nil without reading anything otherwise.
    public var graphQLOperationRead: String? {
        guard case .operation(let operation) = cachedGraphQL else { return nil }
        return operation.operationName ?? ""
    }
}
