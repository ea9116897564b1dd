import StandInEngine
import StandInFixtures

extension MockResponder {
    /// Sends a request no fixture matches to the real backend (`serve --fallback-upstream`) through the
    /// `UpstreamRelay`, and answers with what it says, or a 502 or 504 envelope; nothing is recorded. Logged as
    /// `PROXIED`. A target that is not sent (see `UpstreamTarget`) gets a 400 envelope at once, logged as `NO MATCH`,
    /// `NOT SENT`.
    func proxy(_ exchange: consuming Exchange, to upstream: Upstream, config: ProjectConfig) {
        let call = UpstreamCall(exchange.request)
        let format = config.envelope
        if let refusal = call.refusal {
            let answer = JournalAnswer(envelopeCode: 400, successCode: format.successCode)
            let ending = Exchange.Ending(status: 400, fixture: nil, details: "NOT SENT: \(refusal)", answer: answer)
            exchange.request.sendError(
                status: 400,
                message: "\(call.method) \(refusal); not sent",
                config: config,
                requestId: exchange.requestId
            )
            return finish(consume exchange, ending)
        }
        let journaled = exchange.isJournaled
        UpstreamRelay.relay(
            exchange,
            to: upstream,
            config: config,
            writeTimeoutSeconds: context.streamWriteTimeoutSeconds,
            on: loop
        ) { feed in
            let outcome = await upstream.send(call, relaying: feed)
            let kept = journaled ? JournalAnswer.of(outcome, to: call, format: format) : JournalAnswer.BackendAnswer()
            return UpstreamRelay.Relayed(
                outcome: outcome,
                ending: Exchange.Ending(
                    status: outcome.status,
                    fixture: "PROXIED",
                    details: outcome.failure,
                    answer: kept.answer
                ),
                fixtureResponse: kept.fixtureResponse
            )
        }
    }
}
