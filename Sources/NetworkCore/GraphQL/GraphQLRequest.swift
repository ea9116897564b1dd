import Foundation

/// The ``Endpoint`` that sends a ``GraphQLOperation``: a `POST` of ``RequestBody/graphQL(_:)`` to the GraphQL path,
/// answered by a ``GraphQLResponse``.
///
/// ``APIClient/send(_:path:)`` sends an operation through it and returns the data; use it yourself for what the
/// client does with any endpoint (``APIClient/poll(_:every:timeout:until:)``, a `MockRegistry` registration):
///
/// ```swift
/// let response = try await client.send(GraphQLRequest(GetUser(id: "42"), path: "/api/graphql"))
/// let user = response.data.user
/// ```
public struct GraphQLRequest<Operation: GraphQLOperation>: Endpoint {
    /// The data of the operation, or the ``NetworkError/graphQL(errors:data:)`` error its errors stand for.
    public typealias Response = GraphQLResponse<Operation.Data>

    /// The `Accept` field sent by default: GraphQL's own response type first, then plain JSON, as the GraphQL over
    /// HTTP specification recommends.
    public static var defaultAccept: String { "application/graphql-response+json, application/json;q=0.9" }

    /// The operation sent.
    public var operation: Operation
    /// The path of the GraphQL endpoint, appended to the client's base URL.
    public var path: String
    /// Header fields for this request; `Accept` is ``defaultAccept`` unless set here.
    public var headers: HTTPFields
    /// How long to wait for a response, or `nil` for the client's timeout.
    public var timeout: Duration?

    /// Creates the request for `operation`.
    /// - Parameters:
    ///   - path: The GraphQL endpoint's path; `/graphql` by default.
    ///   - headers: Extra header fields, which win over the client's request modifiers.
    public init(_ operation: Operation, path: String = "/graphql", headers: HTTPFields = [:], timeout: Duration? = nil)
    {
        self.operation = operation
        self.path = path
        self.headers = headers
        if self.headers[.accept] == nil { self.headers[.accept] = Self.defaultAccept }
        self.timeout = timeout
    }

    /// `POST`.
    public var method: HTTPRequest.Method { .post }
    /// The operation as GraphQL's JSON request.
    public var body: RequestBody? { .graphQL(operation) }
    /// The whole body: GraphQL's own `{"data", "errors"}`, never the backend's envelope.
    public var responseFormat: ResponseFormat { .plain }
}
