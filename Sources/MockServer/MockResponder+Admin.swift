import StandInEngine
import StandInFixtures

extension MockResponder {
    /// Checks access, answers the call (or serves the dashboard), and logs it; admin calls are not journaled.
    func answerAdmin(_ exchange: consuming Exchange) {
        let request = exchange.request
        let caller = AdminAccess.Caller(
            peer: request.peerAddress,
            method: request.method,
            path: request.path,
            authorization: request.header(named: "Authorization"),
            host: request.header(named: "Host"),
            origin: request.header(named: "Origin"),
            contentType: request.header(named: "Content-Type"),
            hasBody: request.bodyPrefix(limit: 0).length > 0
        )
        let reply: AdminReply
        if let refusal = context.access.refusal(caller) {
            var denied = AdminReply(status: refusal.status, error: refusal.message)
            if refusal.status == 401 { denied.headers.append(("WWW-Authenticate", "Bearer")) }
            reply = denied
        } else if Dashboard(context: context, loop: loop).answer(request, requestId: exchange.requestId) {
            return
        } else {
            switch sessionState(for: request.header(named: "X-StandIn-Session").map(SessionHeader.init)) {
            case .failure(let refusal):
                reply = AdminReply(status: refusal.status, error: refusal.message)
            case .success(let state):
                let call = AdminCall(
                    method: request.method,
                    route: request.path.dropFirst(AdminAPI.pathPrefix.count),
                    rawQuery: request.rawQuery,
                    body: request.body,
                    host: caller.host
                )
                reply = AdminAPI(context: context, state: state, server: loop.server).respond(to: call)
            }
        }
        send(reply, to: consume exchange)
    }

    /// Sends an admin reply (streamed, for an export) with the project's CORS headers, and logs it as `ADMIN`.
    private func send(_ reply: AdminReply, to exchange: consuming Exchange) {
        let request = exchange.request
        let cors = context.store.current.config.cors?.responseHeaders ?? []
        for header in reply.headers + cors { request.addHeader(header.name, header.value) }
        request.addHeader("Content-Type", reply.contentType)
        request.addHeader("X-Request-ID", exchange.requestId)
        if let stream = reply.stream {
            StreamedReply.send(request, status: reply.status, body: stream, on: loop)
        } else {
            reply.body(requestId: exchange.requestId).withUnsafeBytes { request.appendBody($0) }
            request.send(status: reply.status)
        }
        exchange.finish(Exchange.Ending(status: reply.status, fixture: "ADMIN"))
    }
}
