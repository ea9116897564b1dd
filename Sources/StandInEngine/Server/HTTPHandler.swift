/// Answers the requests of one event loop.
///
/// Each loop has its own handler, created on the thread that starts the server and from then on used only on the
/// loop's thread, so a handler may keep per-loop state without locks. It must send exactly one reply through each
/// request, now or later on that same thread.
package protocol HTTPHandler: AnyObject {
    /// Handles one request.
    func handle(_ request: ServerRequest)

    /// Hears what the engine did on its own, without a request reaching `handle`: for the log.
    func engineDid(_ event: EngineEvent)

    /// The rate, in bytes per second, at which to read the body of the request whose head just arrived; nil reads
    /// it at full speed (`ThrottledBodyRead`). `head` is valid only during the call.
    func bodyReadRate(for head: RequestHeadBytes) -> Int?
}

extension HTTPHandler {
    /// Reads every body at full speed.
    package func bodyReadRate(for head: RequestHeadBytes) -> Int? { nil }
}

/// Something the engine did to protect itself: a request refused, a connection cut, accepting paused.
package enum EngineEvent: Sendable, Equatable {
    /// A request whose head exceeded the limit was answered 431.
    case refusedLargeHead(method: String, path: String, bytes: Int)
    /// A request evhttp parsed but RFC 9112 refuses (an ambiguous length, a NUL, a folded line, an unknown version)
    /// was answered with the flaw's status, and its connection closed.
    case refusedFlawed(method: String, path: String, flaw: RequestFlaw)
    /// evhttp refused a request it could not parse or that was too large, with this status, and closed it.
    case refusedMalformed(status: Int, peer: String)
    /// A client took longer than the read timeout to send its request; its connection was closed.
    case readTimedOut(peer: String, seconds: Int)
    /// The loop reached its share of the connection limit and stopped accepting until a connection closes.
    case connectionLimitReached(limit: Int)
    /// accept() failed (usually out of file descriptors); accepting pauses briefly.
    case acceptFailed(reason: String)
    /// A loop could not serve a further port (`HTTPServer.openPort`); the other loops serve it.
    case portFailed(port: Int, reason: String)
    /// A connection closed (the client hung up, or a limit cut it) while a request body was being read slowly.
    case slowReadCut(method: String, path: String, peer: String, receivedBytes: Int, expectedBytes: Int?)
}
