import Foundation

/// The one entry point for calls to the backend: builds each ``Endpoint``'s request, runs it through request
/// modifiers, middleware and the transport, and decodes the envelope or plain body into the endpoint's `Response`.
///
/// ```swift
/// let client = APIClient(
///     baseURL: URL(string: "https://api.example.com")!,
///     middleware: [LoggingMiddleware(logger: logger), AuthMiddleware(tokens: tokens), RetryMiddleware()],
///     modifiers: [.userAgent("Shop/2.1")]
/// )
/// let user = try await client.send(API.User.Info())
/// ```
///
/// Every failure is a ``NetworkError`` unless `errorMapper` turns it into the app's own error. Cancelling the task
/// that awaits ``send(_:)`` cancels the transport's request and throws ``TransportError/cancelled``.
public struct APIClient: Sendable {
    /// The URL every endpoint's path is appended to; it may have a path of its own (`https://host/v2`).
    public let baseURL: URL
    /// What sends the requests.
    public let transport: any Transport
    /// How the backend's envelope is spelled.
    public let envelope: EnvelopeFormat
    /// The middleware, outermost first.
    public let middleware: [any Middleware]
    /// The request modifiers, applied in order before middleware.
    public let modifiers: [any RequestModifier]
    /// The timeout of one transport attempt when the endpoint does not set one.
    public let timeout: Duration
    /// Decodes response data; its key and date strategies apply to `Response` types.
    public let decoder: JSONDecoder
    /// Encodes ``RequestBody/json(_:)`` bodies.
    public let encoder: JSONEncoder
    /// Turns every ``NetworkError`` into the error ``send(_:)`` throws; the identity by default.
    public let errorMapper: @Sendable (NetworkError) -> any Error

    /// The data key as `decoder`'s key strategy spells it.
    let dataLookupKey: String

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The URL every endpoint's path is appended to.
    ///   - transport: What sends the requests; a ``URLSessionTransport`` by default.
    ///   - envelope: The backend's envelope format, e.g. `EnvelopeFormat(contentsOfMocksDirectory:)`.
    ///   - middleware: Layers around every call, outermost first.
    ///   - modifiers: Changes every request gets before middleware, in order.
    ///   - timeout: How long one attempt may take when the endpoint does not say; 60 seconds by default.
    ///   - decoder: Decodes responses; configure it before passing it in and do not change it afterwards.
    ///   - encoder: Encodes JSON bodies; the same rule applies.
    ///   - errorMapper: Maps known failures (business codes, statuses) to the app's own error type; it sees every
    ///     ``NetworkError`` the client throws, and what it returns is thrown instead.
    public init(
        baseURL: URL,
        transport: any Transport = URLSessionTransport(),
        envelope: EnvelopeFormat = .standard,
        middleware: [any Middleware] = [],
        modifiers: [any RequestModifier] = [],
        timeout: Duration = .seconds(60),
        decoder: JSONDecoder = JSONDecoder(),
        encoder: JSONEncoder = JSONEncoder(),
        errorMapper: @escaping @Sendable (NetworkError) -> any Error = { $0 }
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.envelope = envelope
        self.middleware = middleware
        self.modifiers = modifiers
        self.timeout = timeout
        self.decoder = decoder
        self.encoder = encoder
        self.errorMapper = errorMapper
        dataLookupKey = EnvelopeDataKey.lookupKey(for: envelope.dataKey, in: decoder)
    }

    /// Sends the endpoint's request and returns its decoded response.
    /// - Throws: A ``NetworkError`` (passed through `errorMapper`), or an error a modifier or middleware threw.
    public func send<E: Endpoint>(_ endpoint: E) async throws -> E.Response {
        try await send(endpoint, onProgress: nil)
    }

    /// Sends the endpoint's request, telling `onProgress` how its bodies move (``upload(_:)``, ``download(_:)``).
    func send<E: Endpoint>(_ endpoint: E, onProgress: TransferProgressHandler?) async throws -> E.Response {
        do {
            var request = try makeRequest(for: endpoint)
            request.onProgress = onProgress
            for modifier in modifiers { try await modifier.modify(&request) }
            let response = try await pipeline(request)
            return try decode(E.Response.self, from: response, enveloped: request.envelopeFormat != nil)
        } catch let error as NetworkError {
            throw errorMapper(error)
        } catch is CancellationError {
            throw errorMapper(.transport(.cancelled))
        }
    }

    /// Runs the middleware around the transport, outermost first.
    func pipeline(_ request: ClientRequest) async throws -> ClientResponse {
        try await pipeline(request) { [transport] request in try await Self.exchange(request, over: transport) }
    }

    /// Runs the middleware around `terminal`, the one exchange with the transport, outermost first.
    func pipeline(
        _ request: ClientRequest,
        terminal: @escaping @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let chain = middleware.reversed().reduce(terminal) { next, layer in
            { request in try await layer.intercept(request, next: next) }
        }
        return try await chain(request)
    }
}
