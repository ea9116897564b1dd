import Foundation

/// One call to the backend, described as a value: where it goes, what it sends and what it answers.
///
/// Only `path` and `Response` are required; everything else has a default. Group endpoints in caseless enums so
/// call sites read like the API:
///
/// ```swift
/// enum API {
///     enum User {
///         struct Info: Endpoint {
///             typealias Response = UserInfo          // decoded from the envelope's data
///             var path: String { "/user/info" }      // GET by default
///         }
///         struct Login: Endpoint {
///             typealias Response = Session
///             let username: String, password: String
///             var method: HTTPRequest.Method { .post }
///             var path: String { "/user/login" }
///             var body: RequestBody? { .json(["username": username, "password": password]) }
///         }
///     }
/// }
/// let info = try await client.send(API.User.Info())
/// ```
public protocol Endpoint: Sendable {
    /// The type the response decodes to: the envelope's data, or the whole body for a ``ResponseFormat/plain``
    /// endpoint. Use ``EmptyResponse`` when there is nothing to read and ``JSONValue`` for dynamic access.
    associatedtype Response: Decodable & Sendable

    /// The HTTP method; `GET` by default.
    var method: HTTPRequest.Method { get }
    /// The path, appended to the client's base URL (`/users/42`); a missing leading `/` is added.
    var path: String { get }
    /// The query items, in order; none by default.
    var query: [URLQueryItem] { get }
    /// Header fields for this endpoint; they win over the client's request modifiers. None by default.
    var headers: HTTPFields { get }
    /// The body; none by default.
    var body: RequestBody? { get }
    /// How long to wait for a response, or `nil` (the default) for the client's timeout.
    var timeout: Duration? { get }
    /// Whether the response comes in the envelope (the default) or as a plain body.
    var responseFormat: ResponseFormat { get }
}

extension Endpoint {
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// No query items.
    public var query: [URLQueryItem] { [] }
    /// No extra header fields.
    public var headers: HTTPFields { [:] }
    /// No body.
    public var body: RequestBody? { nil }
    /// The client's timeout.
    public var timeout: Duration? { nil }
    /// The envelope.
    public var responseFormat: ResponseFormat { .enveloped }
}

/// How an endpoint's response body is laid out.
public enum ResponseFormat: Sendable, Hashable {
    /// The backend's envelope (`{"code", "message", "data", "request_id"}` in the client's ``EnvelopeFormat``): a
    /// non-success code is a ``NetworkError/server(code:message:requestID:)`` error, and `Response` decodes from
    /// the data.
    case enveloped
    /// The whole body is the response: JSON decoded as `Response`, the raw bytes when `Response` is `Data`, or
    /// nothing for ``EmptyResponse``.
    case plain
}
