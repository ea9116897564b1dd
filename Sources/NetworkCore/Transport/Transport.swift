import Foundation

/// What moves one HTTP exchange over the wire: ``URLSessionTransport`` in an app, a test double in a unit test, an
/// in-process registry of fixtures in an offline test.
///
/// A transport sends exactly what it is given and returns exactly what came back: it does not follow redirects
/// unless it was configured to, interpret statuses, or decode bodies. It throws ``TransportError`` (or an error
/// ``TransportError/init(classifying:)`` understands) when there is no HTTP response, and stops promptly when the
/// calling task is cancelled. A transport that can tells ``TransportRequest/onProgress`` how the bodies move.
///
/// A transport that can hand a body over as it arrives (``URLSessionTransport``, `MockRegistry`) implements
/// ``stream(_:)`` too, for server-sent events (``APIClient/events(for:reconnection:)``); any other gets the default,
/// which waits for the whole body and hands it over as one piece.
public protocol Transport: Sendable {
    /// Sends one request and returns the response's head and body.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Sends one request and returns the response's head as soon as it arrives, and its body as the bytes come.
    ///
    /// Until the head arrives it behaves as ``send(_:)`` does (errors, timeout, cancellation). After that, the body
    /// ends with the error the transport reports when the connection breaks, and the request is cancelled (its
    /// connection closed) when whoever reads the body stops: the reading task is cancelled, or the body is dropped.
    func stream(_ request: TransportRequest) async throws -> StreamedTransportResponse
}

extension Transport {
    /// Sends the request with ``send(_:)`` and hands its whole body over as one piece: a transport that cannot
    /// stream still answers a stream's request, once its body has ended.
    public func stream(_ request: TransportRequest) async throws -> StreamedTransportResponse {
        let response = try await send(request)
        return StreamedTransportResponse(head: response.head, body: .whole(response.body))
    }
}

/// One request as a transport sends it.
public struct TransportRequest: Sendable {
    /// The method, URL parts (scheme, authority, path with query) and header fields.
    public var head: HTTPRequest
    /// The body bytes, if any.
    public var body: Data?
    /// How long the transport may wait for the response, or `nil` for its own default.
    public var timeout: Duration?
    /// Hears how the request body leaves and the response body arrives, on the transport's threads, when a caller
    /// watches progress; nil otherwise. Values may repeat; ``APIClient`` shapes them for its callers.
    public var onProgress: TransferProgressHandler?

    /// Creates a request.
    public init(
        head: HTTPRequest,
        body: Data? = nil,
        timeout: Duration? = nil,
        onProgress: TransferProgressHandler? = nil
    ) {
        self.head = head
        self.body = body
        self.timeout = timeout
        self.onProgress = onProgress
    }
}

/// One response as a transport received it.
public struct TransportResponse: Sendable {
    /// The status and every header field, as the server sent them.
    public var head: HTTPResponse
    /// The body bytes.
    public var body: Data
    /// Whether the transport decompressed the body although `head` still names a `Content-Encoding`; a proxy that
    /// passes the body on must then drop `Content-Encoding` and `Content-Length`.
    public var isBodyDecompressed: Bool

    /// Creates a response.
    public init(head: HTTPResponse, body: Data = Data(), isBodyDecompressed: Bool = false) {
        self.head = head
        self.body = body
        self.isBodyDecompressed = isBodyDecompressed
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval` APIs want it.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
