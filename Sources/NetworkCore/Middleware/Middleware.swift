/// A layer around every call a client makes: it sees the request on the way out and the response or error on the
/// way back, and decides whether and how often to call `next`.
///
/// Middleware forms an onion: with `middleware: [a, b, c]`, `a` is outermost (it sees the request first and the
/// response last) and `c` sits next to the transport. Put ``LoggingMiddleware`` outside ``RetryMiddleware`` to log
/// one line per call, inside it to log every attempt.
///
/// Errors arrive as ``NetworkError``: a transport failure is ``NetworkError/transport(_:)``; HTTP errors and business
/// errors are not thrown yet at this level but arrive as a ``ClientResponse`` (status, ``ClientResponse/envelope``),
/// so that middleware can retry or refresh on them.
public protocol Middleware: Sendable {
    /// Handles one request: change it, call `next` (zero, one or several times), and return or change the response.
    func intercept(
        _ request: ClientRequest,
        next: @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse
}
