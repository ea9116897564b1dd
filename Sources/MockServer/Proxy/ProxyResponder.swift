import Foundation
import StandInEngine
import StandInFixtures

/// Answers one loop's requests on the proxy port (`serve --proxy-port`), an HTTP/1.1 forward proxy:
/// - a request for an intercepted host (`--intercept`, or a fixture's `request.host`) is answered as on the main
///   port: plain HTTP (`GET http://host/…`) here, by the `MockResponder`; a `CONNECT` through a tunnel to the
///   server's intercepting TLS port, where a leaf of the local CA for the SNI name terminates TLS and the requests
///   inside are answered the same way;
/// - another host is passed (`--others pass`: plain HTTP forwarded, `CONNECT` tunnelled to it byte for byte, never
///   decrypted) or blocked (`--others block`: 403 naming the host and how to intercept it);
/// - anything else (a target in origin form, a `CONNECT` to something that is not `host:port`) gets 400.
///
/// In record mode (`record --proxy-port`), the intercepted hosts' requests are sent to the hosts themselves and
/// recorded (`RecordingResponder`) instead.
///
/// Tunnels are logged `TUNNEL host:port` (with the bytes each way) or `INTERCEPTED host:port`, refusals
/// `BLOCKED host:port`; only the requests answered from fixtures are journaled.
final class ProxyResponder: HTTPHandler {
    private let mock: MockResponder
    private let settings: ProxySettings
    /// The server's own ports intercepted tunnels lead to, on the loopback interface: one speaking TLS with leaves
    /// of the local CA, one plain.
    private let interceptPorts: (tls: Int, plain: Int)
    /// The `Proxy-Authorization` value a client must send (see `ServedProxy`); nil on loopback.
    private let requiredAuthorization: String?
    /// The backends plain HTTP to other hosts is forwarded to.
    private let upstreams: UpstreamPool
    /// In record mode, what records the intercepted hosts' plain HTTP requests; nil when serving.
    private let recording: RecordingResponder?
    private unowned let loop: EventLoop

    private var context: ServerContext { mock.context }

    /// Answers on `loop` from `context` (and `session`'s state, on a session's proxy), with `served`'s settings,
    /// sending intercepted tunnels to `interceptPorts`; in record mode (`recording`), intercepted hosts are recorded
    /// instead of answered from the fixtures.
    init(
        context: ServerContext,
        loop: EventLoop,
        served: ServedProxy,
        interceptPorts: (tls: Int, plain: Int),
        session: SessionBinding? = nil,
        recording: RecordingSession? = nil
    ) {
        mock = MockResponder(
            context: context,
            loop: loop,
            session: session,
            recordingRedactor: recording?.redactor
        )
        self.recording = recording.map { RecordingResponder(session: $0, context: context, loop: loop) }
        let maxHold = context.simulation.settings.maxHold
        upstreams = UpstreamPool { Upstream(url: $0, timeout: .seconds(30), maxHold: maxHold) }
        self.loop = loop
        settings = served.settings
        self.interceptPorts = interceptPorts
        requiredAuthorization = served.requiredAuthorization
    }

    func engineDid(_ event: EngineEvent) {
        mock.engineDid(event)
    }

    func handle(_ request: ServerRequest) {
        var exchange = mock.receive(request)
        let config = context.store.current.config
        if let requiredAuthorization, request.header(named: "Proxy-Authorization") != requiredAuthorization {
            request.addHeader("Proxy-Authenticate", #"Basic realm="StandIn""#)
            let message = "the proxy needs Proxy-Authorization: Basic with the user standin and the admin token"
            request.sendError(status: 407, message: message, config: config, requestId: exchange.requestId)
            return exchange.finish(Exchange.Ending(status: 407, fixture: nil, label: "PROXY AUTH"))
        }
        do throws(ProxyRefusal) {
            if request.method == "CONNECT" {
                return connect(exchange, to: try ProxyTarget.connecting(to: request.targetAsSent))
            }
            guard let target = ProxyTarget.absolute(request.targetAsSent) else {
                throw .notAbsolute(request.targetAsSent)
            }
            if context.intercepts(target.host) {
                guard let recording else { return mock.answer(exchange) }
                return recording.answer(exchange)
            }
            guard settings.others == .pass else { return block(exchange, target) }
            exchange.journal(into: context.main.journal, redactor: nil)
            mock.proxy(
                exchange,
                to: upstreams.upstream(for: URL(string: "http://\(target.authority)")!),
                config: config
            )
        } catch {
            request.sendError(status: 400, message: error.description, config: config, requestId: exchange.requestId)
            exchange.finish(Exchange.Ending(status: 400, fixture: nil, label: "PROXY", details: "NOT SENT"))
        }
    }

    /// Answers 403, naming the host and how to intercept it.
    private func block(_ exchange: consuming Exchange, _ target: ProxyTarget) {
        let message =
            "\(target.host) is not intercepted and --others block is set: add --intercept \(target.host), or a "
            + "fixture with \"request\": {\"host\": \"\(target.host)\"}"
        exchange.request.sendError(
            status: 403,
            message: message,
            config: context.store.current.config,
            requestId: exchange.requestId
        )
        exchange.finish(Exchange.Ending(status: 403, fixture: nil, label: "BLOCKED \(target.authority)"))
    }

    /// Tunnels a `CONNECT`: to the intercepting TLS port for an intercepted host, to the host itself to pass it;
    /// blocks it otherwise. A host that cannot be reached gets 502.
    private func connect(_ exchange: consuming Exchange, to target: ProxyTarget) {
        if context.intercepts(target.host) { return intercept(exchange, target) }
        guard settings.others == .pass else { return block(exchange, target) }
        let label = "TUNNEL \(target.authority)"
        let request = DeferredRequest(exchange.request, on: loop)
        let requestId = exchange.requestId
        let pending = PendingExchange(exchange)
        request.onHangUp = {
            pending.finish(Exchange.Ending(status: 200, fixture: nil, label: label).noting("client-gone"))
        }
        request.watchForHangUp()
        Tunnel.open(
            request,
            toHost: target.host,
            port: target.port,
            idleTimeoutSeconds: context.streamWriteTimeoutSeconds,
            on: loop
        ) { [context] server, failure in
            let config = context.store.current.config
            server.sendError(status: 502, message: failure.description, config: config, requestId: requestId)
            pending.finish(Exchange.Ending(status: 502, fixture: nil, label: label, details: failure.description))
        } ended: { traffic in
            let details = "up=\(traffic.fromClient) down=\(traffic.toClient)"
            pending.finish(Exchange.Ending(status: 200, fixture: nil, label: label, details: details))
        }
    }

    /// Tunnels an intercepted `CONNECT` to the server's own loopback ports: the TLS one when the client starts a
    /// handshake (`https://`, `wss://`), the plain one otherwise (`http://`, `ws://` through a tunnel).
    private func intercept(_ exchange: consuming Exchange, _ target: ProxyTarget) {
        let request = exchange.request
        let pending = PendingExchange(exchange)
        let ports = interceptPorts
        let ending = Exchange.Ending(status: 200, fixture: nil, label: "INTERCEPTED \(target.authority)")
        Tunnel.intercept(
            request,
            port: { startsTLS in startsTLS ? ports.tls : ports.plain },
            idleTimeoutSeconds: context.streamWriteTimeoutSeconds,
            on: loop,
            ended: { _ in pending.finish(ending) }
        )
    }
}
