import Foundation

/// Every way a call through ``APIClient`` can fail, in one taxonomy to switch on.
///
/// ```swift
/// do {
///     let user = try await client.send(API.User.Info())
/// } catch NetworkError.server(let code, let message, _) {
///     // HTTP 2xx, but the envelope's code is not the success code
/// } catch NetworkError.graphQL(let errors, let partialData) {
///     // HTTP 2xx, but the GraphQL response has errors
/// } catch let error as NetworkError where error.isConnectivity {
///     // offline, refused, lost or timed out
/// }
/// ```
public enum NetworkError: Error, Sendable {
    /// No HTTP response: the network, the connection or cancellation stopped the request.
    case transport(TransportError)
    /// The server answered with a status outside 200–299 (including a redirect that was not followed).
    case http(status: HTTPResponse.Status, headers: HTTPFields, body: Data)
    /// The server answered 2xx with an envelope whose code is not the success code: a business error.
    case server(code: Int, message: String, requestID: String?)
    /// The server answered 2xx with a GraphQL response whose `errors` is not empty: GraphQL's business error.
    /// `data` is the partial data that came with the errors, if any (`nil` when it was `null` or missing). A GraphQL
    /// answer with another status is an ``http(status:headers:body:)`` error; ``graphQLErrors`` reads either.
    case graphQL(errors: [GraphQLError], data: JSONValue?)
    /// The body could not be decoded as the endpoint's response type (or as an envelope).
    case decoding(underlying: any Error, bodyExcerpt: String)
    /// The request could not be built: a bad path or base URL, or a body that failed to encode.
    case invalidRequest(String)

    /// Whether the request failed to reach the server; see ``TransportError/isConnectivity``.
    public var isConnectivity: Bool {
        if case .transport(let error) = self { return error.isConnectivity }
        return false
    }

    /// Whether the request was cancelled by its caller.
    public var isCancellation: Bool {
        if case .transport(.cancelled) = self { return true }
        return false
    }

    /// The HTTP status of an ``http(status:headers:body:)`` error.
    public var status: HTTPResponse.Status? {
        if case .http(let status, _, _) = self { return status }
        return nil
    }

    /// The business code of a ``server(code:message:requestID:)`` error.
    public var businessCode: Int? {
        if case .server(let code, _, _) = self { return code }
        return nil
    }

    /// The longest body excerpt kept in errors and descriptions, in bytes.
    static let excerptLimit = 512

    /// The start of a body as text, for errors and logs.
    static func excerpt(of body: Data) -> String {
        let prefix = body.prefix(excerptLimit)
        let text = String(decoding: prefix, as: UTF8.self)
        return body.count > excerptLimit ? text + "…" : text
    }
}
