import StandInEngine
import StandInFixtures

extension MockResponder {
    /// A request waiting for the fallback backend's answer.
    private struct Proxied {
        let request: DeferredRequest
        let responder: MockResponder
        let requestId: String
        var entry: RequestLog.Entry?
    }

    /// Sends a request no fixture matches to the real backend (`serve --fallback-upstream`) in a task, off the
    /// loop, and answers with what it says, or a 502 or 504 envelope; nothing is recorded. Logged as `PROXIED`. A
    /// target that is not sent (see `UpstreamTarget`) gets a 400 envelope at once, logged as `NO MATCH`, `NOT SENT`.
    func proxy(
        _ request: ServerRequest,
        to upstream: Upstream,
        requestId: String,
        _ entry: consuming RequestLog.Entry?
    ) {
        let call = UpstreamCall(request)
        if let refusal = call.refusal {
            let message = "\(call.method) \(refusal); not sent"
            let config = context.store.current.config
            request.send(.error(status: 400, message: message, config: config, requestId: requestId))
            let answer = JournalAnswer(envelopeCode: 400, successCode: config.envelope.successCode)
            finish(entry, status: 400, fixture: nil, details: "NOT SENT: \(refusal)", answer: answer)
            return
        }
        let journaled = entry?.journal != nil
        let format = context.store.current.config.envelope
        let proxied = Proxied(
            request: DeferredRequest(request, on: loop),
            responder: self,
            requestId: requestId,
            entry: entry
        )
        let bound = LoopBound(proxied, on: loop)
        Task {
            let outcome = await upstream.send(call)
            let kept = journaled ? JournalAnswer.of(outcome, to: call, format: format) : JournalAnswer.BackendAnswer()
            bound.hop { proxied in proxied.responder.finish(proxied, with: outcome, kept: kept) }
        }
    }

    /// Sends the backend's answer on the loop's thread, then logs and journals it with what the journal keeps of it
    /// (`kept`, made off the loop).
    private func finish(_ proxied: Proxied, with outcome: Upstream.Outcome, kept: JournalAnswer.BackendAnswer) {
        let server = proxied.request.request
        proxied.request.finish()
        let status: Int
        var details: String?
        switch outcome {
        case .answered(let answered, let headers, let body, _):
            status = answered
            if let server {
                for header in headers { server.addHeader(header.name, header.value) }
                body.withUnsafeBytes { server.appendBody($0) }
                server.send(status: status)
            }
        case .failed(let failed, let message):
            status = failed
            details = message
            if let server {
                let config = context.store.current.config
                server.send(.error(status: status, message: message, config: config, requestId: proxied.requestId))
            }
        }
        if server == nil { details = (details.map { "\($0) " } ?? "") + "client-gone" }
        var entry = proxied.entry
        if let response = kept.fixtureResponse { entry?.journal?.unanswered = .upstream(response) }
        finish(entry, status: status, fixture: "PROXIED", details: details, answer: kept.answer)
    }
}
