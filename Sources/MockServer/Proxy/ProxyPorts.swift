import StandInEngine

/// A proxy's ports on a server: the proxy itself (`ProxyResponder`), and the two loopback ports its intercepted
/// `CONNECT` tunnels lead to, one where leaves of the local CA terminate TLS for each SNI name, one for plain HTTP
/// (`ws://` through a tunnel); in record mode the two record what they receive. The server has one set (`serve
/// --proxy-port`, `record --proxy-port`), and each session another, whose requests act on the session's state.
struct ProxyPorts: Sendable {
    /// The proxy's port.
    let port: Int
    private let listening: [AdditionalPort]

    /// Opens the ports on `server`: the proxy on `number` (0 for a free one, none of those `avoiding` refuses),
    /// answering from `context` (and `session`'s state, when given); in record mode (`recording`), intercepted hosts
    /// are sent on to themselves and recorded instead.
    init(
        on server: HTTPServer,
        number: Int,
        served: ServedProxy,
        context: ServerContext,
        session: SessionBinding? = nil,
        recording: RecordingSession? = nil,
        avoiding: @escaping (Int) -> Bool = { _ in false }
    ) throws(ServerError) {
        let answering: @Sendable (EventLoop) -> any HTTPHandler = { loop in
            guard let recording else { return MockResponder(context: context, loop: loop, session: session) }
            return RecordingResponder(session: recording, context: context, loop: loop)
        }
        var opened: [AdditionalPort] = []
        do throws(ServerError) {
            let secure = try server.openPort(
                number: 0,
                tls: served.tls,
                carriesProxyHost: true,
                avoiding: avoiding,
                makeHandler: answering
            )
            opened.append(secure)
            let plain = try server.openPort(
                number: 0,
                tls: nil,
                carriesProxyHost: true,
                avoiding: avoiding,
                makeHandler: answering
            )
            opened.append(plain)
            let ports = (tls: secure.number, plain: plain.number)
            let proxy = try server.openPort(number: number, tls: nil, carriesProxyHost: true, avoiding: avoiding) {
                loop in
                ProxyResponder(
                    context: context,
                    loop: loop,
                    served: served,
                    interceptPorts: ports,
                    session: session,
                    recording: recording
                )
            }
            opened.append(proxy)
            port = proxy.number
            listening = opened
        } catch {
            for port in opened { port.close() }
            throw error
        }
    }

    /// Stops listening and closes the ports' connections, without waiting.
    func close() {
        for port in listening { port.close() }
    }
}
