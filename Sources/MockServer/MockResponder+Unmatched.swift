import StandInEngine
import StandInFixtures

extension MockResponder {
    /// Answers a request no fixture matches: a CORS preflight when the project has a policy, else the fallback
    /// backend's answer when there is one, else the `UnmatchedResponse`.
    func answerUnmatched(
        _ request: ServerRequest,
        facts: inout RequestFacts<ServerRequest>,
        fixtures: FixtureSet,
        requestId: String,
        _ entry: consuming RequestLog.Entry?
    ) {
        let config = fixtures.config
        if let cors = config.cors, CORSPolicy.isPreflight(request) {
            let requested = request.header(named: "Access-Control-Request-Headers")
            for header in config.headers + cors.preflightHeaders(requestedHeaders: requested) {
                request.addHeader(header.name, header.value)
            }
            request.addHeader("X-Request-ID", requestId)
            request.send(status: 204)
            finish(entry, status: 204, fixture: "CORS")
            return
        }
        if let fallback { return proxy(request, to: fallback, requestId: requestId, entry) }
        let unmatched = UnmatchedResponse(to: &facts, index: fixtures.index, config: config, requestId: requestId)
        if unmatched.nearMisses.contains(where: \.skippedLongInput) {
            let call = PrintableText.escaped("\(request.method) \(request.path.prefix(200))")
            context.logger.warning("\(call): a regular expression was not tried on input longer than it reads")
        }
        request.send(JSONReply(unmatched, config: config, requestId: requestId))
        entry?.journal?.unanswered = .nearMisses(
            unmatched.nearMisses.map {
                JournalNearMiss(fixture: $0.fixture.id, endpoint: $0.fixture.endpoint, differences: $0.differences)
            }
        )
        let answer = JournalAnswer(envelopeCode: unmatched.status, successCode: config.envelope.successCode)
        finish(entry, status: unmatched.status, fixture: nil, answer: answer)
    }
}
