/// A session's own listening port: a one-loop `HTTPServer` on the server's host and a free port, whose requests and
/// admin calls all act on the session's state, and whose unmatched requests go to the server's fallback upstream, if
/// any. An app under test needs only its base URL.
///
/// The port's loop runs on a thread of its own. `close` lets it finish its turn and stops it from yet another thread,
/// so that a session can be ended by a call on its own port and still answer that call.
final class SessionPort: Sendable {
    /// The port the session listens on.
    let port: Int
    private let http: HTTPServer

    /// Binds `host` on a free port and starts serving `state` there, renewing `lease` with every request. Throws when
    /// no port can be listened on.
    init(
        host: String,
        limits: ServerLimits,
        state: SessionState,
        lease: SessionLease,
        context: ServerContext
    ) throws(ServerError) {
        http = HTTPServer(
            host: host,
            port: 0,
            loops: 1,
            limits: limits,
            makeHandler: { loop in
                MockResponder(
                    context: context,
                    loop: loop,
                    session: SessionBinding(state: state, lease: lease),
                    fallback: context.sessionFallback
                )
            }
        )
        try http.start()
        port = http.port
    }

    /// Stops listening, closes the port's connections and frees its loop, without waiting.
    func close() {
        http.stopAfterThisTurn()
    }
}
