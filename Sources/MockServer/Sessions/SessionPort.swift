import StandInEngine

/// A session's own listening port: a further port of the server (`HTTPServer.openPort`), on the server's host and
/// served by its loops, whose requests and admin calls all act on the session's state, and whose unmatched requests
/// go to the server's fallback upstream, if any. An app under test needs only its base URL. On a server with an HTTPS
/// port the session gets one too, with the server's certificate; on a server with a proxy, a proxy of its own
/// (`ProxyPorts`).
final class SessionPort: Sendable {
    /// The port the session listens on.
    let port: Int
    /// The session's HTTPS port; nil on a server without one.
    let tlsPort: Int?
    /// The session's proxy port; nil on a server without a proxy.
    let proxyPort: Int?
    private let listening: [AdditionalPort]
    private let proxy: ProxyPorts?

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
        var opened = [plain]
        do throws(ServerError) {
            if server.servesTLS {
                opened.append(try server.openPort(tls: true, avoiding: retired.contains, makeHandler: makeHandler))
            }
            proxy = try context.proxy.map { served throws(ServerError) in
                try ProxyPorts(
                    on: server,
                    number: 0,
                    served: served,
                    context: context,
                    session: SessionBinding(state: state, lease: lease),
                    avoiding: retired.contains
                )
            }
        } catch {
            for port in opened { port.close() }
            throw error
        }
        port = plain.number
        tlsPort = opened.count > 1 ? opened[1].number : nil
        proxyPort = proxy?.port
        listening = opened
    }

    /// Stops listening and closes the port's connections, without waiting; a call on the port itself still gets its
    /// answer.
    func close() {
        for port in listening { port.close() }
        proxy?.close()
    }
}
