import StandInEngine
import StandInFixtures

extension MockResponder {
    /// Answers a request no fixture matches: a CORS preflight when the project has a policy, else the fallback
    /// backend's answer when there is one, else the `UnmatchedResponse`.
    func answerUnmatched(
        _ exchange: consuming Exchange,
        facts: inout RequestFacts<ServerRequest>,
        config: ProjectConfig,
        index: FixtureIndex,
        contract: ContractNote? = nil
    ) {
        let request = exchange.request
        if let cors = config.cors, CORSPolicy.isPreflight(request) {
            let requested = request.header(named: "Access-Control-Request-Headers")
            for header in config.headers + cors.preflightHeaders(requestedHeaders: requested) {
                request.addHeader(header.name, header.value)
            }
            request.addHeader("X-Request-ID", exchange.requestId)
            request.send(status: 204)
            return finish(consume exchange, Exchange.Ending(status: 204, fixture: "CORS"))
        }
        if let fallback { return proxy(consume exchange, to: fallback, config: config) }
        let unmatched = UnmatchedResponse(to: &facts, index: index, config: config, requestId: exchange.requestId)
        if unmatched.nearMisses.contains(where: \.skippedLongInput) {
            let call = PrintableText.escaped("\(request.method) \(request.path.prefix(200))")
            context.logger.warning("\(call): a regular expression was not tried on input longer than it reads")
        }
        exchange.noteUnanswered(
            .nearMisses(
                unmatched.nearMisses.map {
                    JournalNearMiss(fixture: $0.fixture.id, endpoint: $0.fixture.endpoint, differences: $0.differences)
                }
            )
        )
        let answer = JournalAnswer(envelopeCode: unmatched.envelopeCode, successCode: config.envelope.successCode)
        request.send(JSONReply(unmatched, config: config, requestId: exchange.requestId))
        var ending = Exchange.Ending(status: unmatched.status, fixture: nil, answer: answer)
        if let operation = facts.graphQLOperationRead { ending.graphQLOperations = [operation] }
        ending.contract = contract
        finish(consume exchange, ending)
    }
}
