import StandInEngine

/// A session's own listening port: a further port of the server (`HTTPServer.openPort`), on the server's host and
/// served by its loops, whose requests and admin calls all act on the session's state, and whose unmatched requests
/// go to the server's fallback upstream, if any. An app under test needs only its base URL.
final class SessionPort: Sendable {
    /// The port the session listens on.
    let port: Int
    private let listening: AdditionalPort

    /// Opens a free port of `server`, none of the `retired` ones, and serves `state` there, renewing `lease` with
    /// every request. Throws when no port can be listened on.
    init(
        on server: HTTPServer,
        avoiding retired: RetiredPorts,
        state: SessionState,
        lease: SessionLease,
        context: ServerContext
    ) throws(ServerError) {
        listening = try server.openPort(avoiding: retired.contains) { loop in
            MockResponder(
                context: context,
                loop: loop,
                session: SessionBinding(state: state, lease: lease),
                fallback: context.sessionFallback
            )
        }
        port = listening.number
    }

    /// Stops listening and closes the port's connections, without waiting; a call on the port itself still gets its
    /// answer.
    func close() {
        listening.close()
    }
}
