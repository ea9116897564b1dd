import Foundation
import StandInEngine
import StandInFixtures
import StandInSupport

/// Record mode's WebSocket: the client's upgrade is made again to the backend (`WebSocketClientHandshake`, on this
/// loop, through libevent), the client is answered with the backend's choice of subprotocol, and every message is
/// relayed both ways as it arrives. A close on either side closes the other with the same code. Once both ends are
/// over, the conversation is written as a fixture (`FixtureRecorder.record(_: RecordedWebSocket)`) and the exchange
/// finishes with the transcript.
///
/// The backend must be `http://` (the WebSocket is `ws://` to it). The client's end-to-end headers are passed on,
/// less `Sec-WebSocket-Extensions`: no extension is negotiated, so that messages are stored as they read (as plain
/// text or JSON even when a browser offered `permessage-deflate`). A backend that refuses the upgrade, or cannot be
/// reached, has the client answered with 502 and nothing recorded.
///
/// Threads: the loop's thread, but for the write of the fixture (in a task) and the hop back. The object lives as
/// long as its handshake's callback or its two connections hold it.
final class WebSocketRecording {
    private let request: DeferredRequest
    private let call: UpstreamCall
    private let session: RecordingSession
    /// The backend the WebSocket is relayed to.
    private let upstream: Upstream
    private let context: ServerContext
    private let pending: PendingExchange
    private let requestId: String
    private unowned let loop: EventLoop
    private var handshake: WebSocketClientHandshake?
    private var client: WebSocketConnection?
    private var backend: WebSocketConnection?
    private let started = ContinuousClock.now
    private var messages: [RecordedWebSocket.Message] = []
    private var transcript: WebSocketTranscript?
    private var backendClose: (code: Int, reason: String)?
    private var clientEnd: WebSocketEnd?
    private var backendEnded = false

    /// Request headers not passed to the backend: the upgrade's own, which the handshake writes afresh, and
    /// `Sec-WebSocket-Extensions`.
    private static let handshakeHeaders: Set<String> = [
        "host", "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions", "sec-websocket-accept",
    ]

    init(
        _ exchange: consuming Exchange,
        call: UpstreamCall,
        to upstream: Upstream,
        session: RecordingSession,
        context: ServerContext,
        loop: EventLoop
    ) {
        self.upstream = upstream
        request = DeferredRequest(exchange.request, on: loop)
        requestId = exchange.requestId
        pending = PendingExchange(exchange)
        self.call = call
        self.session = session
        self.context = context
        self.loop = loop
    }

    /// Opens the backend's side; the rest follows from its answer.
    func start() {
        let upstream = upstream.url
        guard upstream.scheme == "http", let host = upstream.host,
            let place = try? UpstreamTarget(call.target, under: upstream)
        else {
            return refuse("record mode relays WebSockets to an http:// backend only, not \(upstream)")
        }
        request.onHangUp = { [self] in
            handshake = nil
            pending.finish(Exchange.Ending(status: 101, fixture: nil, label: "-", details: "NOT RECORDED: client-gone"))
        }
        request.watchForHangUp()
        handshake = WebSocketClientHandshake(
            host: host,
            port: upstream.port ?? 80,
            target: place.path,
            headers: EndToEndHeaders.filter(call.headers, dropping: Self.handshakeHeaders),
            limits: context.webSocketLimits,
            on: loop
        ) { [self] outcome in
            handshake = nil
            switch outcome {
            case .opened(let backend): open(backend)
            case .refused(let status, _): refuse("the backend answered the WebSocket upgrade with \(status)")
            case .failed(let reason): refuse("the backend's WebSocket did not open: \(reason)")
            }
        }
    }

    /// Answers the client 502 in the envelope; nothing is recorded.
    private func refuse(_ message: String) {
        guard let server = request.request else { return }
        request.finish()
        server.sendError(status: 502, message: message, config: context.store.current.config, requestId: requestId)
        pending.finish(Exchange.Ending(status: 502, fixture: nil, label: "-", details: "NOT RECORDED: \(message)"))
    }

    private func open(_ backend: WebSocketConnection) {
        let server = request.request
        // Before the client's WebSocket takes the connection's close notice over from the deferred request.
        request.finish()
        guard let server,
            let client = WebSocketConnection(
                accepting: server,
                subprotocol: backend.subprotocol,
                limits: context.webSocketLimits,
                on: loop
            )
        else {
            backend.start()
            return backend.close(code: WebSocketCloseCode.goingAway, reason: "")
        }
        self.client = client
        self.backend = backend
        let transcript = WebSocketTranscript(id: context.webSockets.newID())
        self.transcript = transcript
        client.onMessage = { [self] inbound in relay(inbound, fromClient: true) }
        backend.onMessage = { [self] inbound in relay(inbound, fromClient: false) }
        client.onEnd = { [self] end in
            clientEnd = end
            transcript.end(end.description)
            if case .peerClosed(let code, let reason) = end {
                backend.close(code: code ?? WebSocketCloseCode.normal, reason: reason)
            } else {
                backend.close(code: WebSocketCloseCode.goingAway, reason: "")
            }
            finishIfOver()
        }
        backend.onEnd = { [self] end in
            backendEnded = true
            if case .peerClosed(let code, let reason) = end, clientEnd == nil {
                backendClose = (code ?? WebSocketCloseCode.normal, reason)
            }
            client.close(code: backendClose?.code ?? WebSocketCloseCode.goingAway, reason: backendClose?.reason ?? "")
            finishIfOver()
        }
        backend.start()
        client.start()
    }

    /// Passes a message on to the other end, and keeps it for the transcript and the fixture.
    private func relay(_ inbound: WebSocketInbound, fromClient: Bool) {
        let message: WebSocketMessage
        switch inbound {
        case .text(let bytes): message = WebSocketMessage(kind: .text, bytes: bytes)
        case .binary(let bytes): message = WebSocketMessage(kind: .binary, bytes: bytes)
        default: return
        }
        messages.append(
            RecordedWebSocket.Message(fromClient: fromClient, message: message, offset: ContinuousClock.now - started)
        )
        transcript?.add(message, fromClient: fromClient)
        (fromClient ? backend : client)?.send(message.bytes, text: message.kind == .text)
    }

    /// Once both ends are over: writes the fixture off the loop, then finishes the exchange back on it.
    private func finishIfOver() {
        guard clientEnd != nil, backendEnded, let transcript, let client else { return }
        self.transcript = nil
        let conversation = RecordedWebSocket(
            upgrade: call.exchange(status: 101),
            subprotocol: client.subprotocol,
            messages: messages,
            serverClose: backendClose
        )
        let finishing = LoopBound(pending, on: loop)
        let recorder = session.recorder
        let logger = context.logger
        let path = call.path
        Task {
            var ending = Exchange.Ending(status: 101, fixture: nil, label: "-")
            do {
                let outcome = try await recorder.record(conversation)
                ending = Exchange.Ending(status: 101, fixture: outcome.fixtureID, details: outcome.label.rawValue)
            } catch {
                logger.error("not recorded: WebSocket \(path): \(error)")
                ending.details = "NOT RECORDED: \(error)"
            }
            ending.webSocket = transcript
            let finished = ending
            finishing.hop { $0.finish(finished) }
        }
    }
}
