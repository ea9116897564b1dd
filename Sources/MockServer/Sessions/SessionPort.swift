import StandInEngine

/// A session's own listening port: a further port of the server (`HTTPServer.openPort`), on the server's host and
/// served by its loops, whose requests and admin calls all act on the session's state, and whose unmatched requests
/// go to the server's fallback upstream, if any. An app under test needs only its base URL. On a server with an HTTPS
/// port the session gets one too, with the server's certificate.
final class SessionPort: Sendable {
    /// The port the session listens on.
    let port: Int
    /// The session's HTTPS port; nil on a server without one.
    let tlsPort: Int?
    private let listening: [AdditionalPort]

    /// Opens a free port of `server`, none of the `retired` ones, and serves `state` there, renewing `lease` with
    /// every request. Throws when no port can be listened on.
    init(
        on server: HTTPServer,
        avoiding retired: RetiredPorts,
        state: SessionState,
        lease: SessionLease,
        context: ServerContext
    ) throws(ServerError) {
        let makeHandler: @Sendable (EventLoop) -> any HTTPHandler = { loop in
            MockResponder(
                context: context,
                loop: loop,
                session: SessionBinding(state: state, lease: lease),
                fallback: context.sessionFallback
            )
        }
        let plain = try server.openPort(avoiding: retired.contains, makeHandler: makeHandler)
        guard server.servesTLS else {
            (port, tlsPort, listening) = (plain.number, nil, [plain])
            return
        }
        do throws(ServerError) {
            let secure = try server.openPort(tls: true, avoiding: retired.contains, makeHandler: makeHandler)
            (port, tlsPort, listening) = (plain.number, secure.number, [plain, secure])
        } catch {
            plain.close()
            throw error
        }
    }

    /// Stops listening and closes the port's connections, without waiting; a call on the port itself still gets its
    /// answer.
    func close() {
        for port in listening { port.close() }
    }
}
