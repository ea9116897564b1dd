import StandInEngine
import StandInFixtures

extension MockResponder {
    /// Answers a fixture whose answer is a WebSocket conversation: checks the upgrade (426 for a request that is not
    /// one, 400 or 426 for one that asks badly, 400 when the client offers subprotocols and not the fixture's),
    /// waits out the plan's delay, then switches protocols and holds the conversation. A fault breaks the answer
    /// before the handshake, as it breaks any answer. The exchange finishes when the WebSocket closes, with its
    /// transcript.
    func converse(
        _ script: WebSocketScript,
        plan: ResponsePlan,
        fixture: Fixture,
        renderContext: RenderContext<ServerRequest>,
        state: SessionState,
        _ exchange: consuming Exchange,
        _ ending: Exchange.Ending
    ) {
        let request = exchange.request
        let config = state.fixtures.current.config
        if let refusal = Self.upgradeRefusal(request, subprotocol: script.subprotocol) {
            if refusal.status == 426 {
                request.addHeader("Upgrade", "websocket")
                request.addHeader("Sec-WebSocket-Version", WebSocketHandshake.version)
            }
            request.sendError(
                status: refusal.status,
                message: refusal.reason,
                config: config,
                requestId: exchange.requestId
            )
            var refused = ending
            refused.status = refusal.status
            return finish(consume exchange, refused.noting("websocket refused"))
        }
        if plan.fault != nil { return deliverLater(RenderedResponse(), plan: plan, exchange, ending) }
        let subprotocol =
            WebSocketHandshake.offeredSubprotocols(request).contains { $0 == script.subprotocol }
            ? script.subprotocol : nil
        let pending = PendingExchange(exchange)
        let open = { [self] (request: ServerRequest) in
            guard
                let connection = WebSocketConnection(
                    accepting: request,
                    subprotocol: subprotocol,
                    limits: context.webSocketLimits,
                    on: loop
                )
            else { return pending.finish(ending.noting("client-gone")) }
            hold(
                connection,
                script: script,
                renderContext: renderContext,
                fixture: fixture,
                state: state,
                pending,
                ending
            )
        }
        guard plan.delay > .zero else { return open(request) }
        let deferred = DeferredRequest(request, on: loop)
        deferred.onHangUp = { pending.finish(ending.noting("client-gone")) }
        if plan.delay >= DeferredDelivery.hangUpWatchThreshold { deferred.watchForHangUp() }
        loop.schedule(after: plan.delay) {
            guard let request = deferred.request else { return }
            deferred.finish()
            open(request)
        }
    }

    /// Runs the conversation on an accepted WebSocket, listed for the admin API until it closes.
    private func hold(
        _ connection: WebSocketConnection,
        script: WebSocketScript,
        renderContext: RenderContext<ServerRequest>,
        fixture: Fixture,
        state: SessionState,
        _ pending: PendingExchange,
        _ ending: Exchange.Ending
    ) {
        let id = context.webSockets.newID()
        let transcript = WebSocketTranscript(id: id)
        let conversation = WebSocketConversation(
            connection: connection,
            script: script,
            renderContext: renderContext,
            transcript: transcript,
            loop: loop
        )
        context.webSockets.add(
            id: id,
            path: renderContext.facts.request.path,
            fixture: fixture.id,
            subprotocol: connection.subprotocol,
            state: state,
            transcript: transcript,
            conversation: LoopBound(conversation, on: loop)
        )
        conversation.start { [context, servedNote] end in
            context.webSockets.remove(id)
            let snapshot = transcript.snapshot
            var ended = ending
            ended.status = 101
            ended.webSocket = transcript
            ended.details = [
                ending.details, "websocket=\(id)", "in=\(snapshot.received)", "out=\(snapshot.sent)", end.description,
            ]
            .compactMap { $0 }.joined(separator: " ")
            pending.finish(ended.noting(servedNote))
        }
    }

    /// Why `request` cannot become the fixture's WebSocket, with the status to refuse it with; nil when it can.
    private static func upgradeRefusal(_ request: ServerRequest, subprotocol: String?) -> (status: Int, reason: String)?
    {
        guard WebSocketHandshake.isUpgrade(request) else {
            return (426, "\(request.method) \(request.path) answers with a WebSocket; open one (Upgrade: websocket)")
        }
        if let refusal = WebSocketHandshake.refusal(of: request) { return refusal }
        let offered = WebSocketHandshake.offeredSubprotocols(request)
        guard let subprotocol, !offered.isEmpty, !offered.contains(subprotocol) else { return nil }
        let list = offered.map(\.quoted).joined(separator: ", ")
        return (400, "the fixture speaks the subprotocol \(subprotocol.quoted); the client offered \(list)")
    }
}
