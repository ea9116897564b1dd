import StandInContract
import StandInEngine
import StandInFixtures

extension MockResponder {
    /// Answers a request under `served`'s spec (`serve --spec`): a request the spec lacks, or one that conforms, goes
    /// to the fixtures with its check (so the answer is checked too); one that breaks its operation is refused with
    /// 422 and the violations in `enforce` mode (or answered by its fixture's own 400/422 variant the spec lists),
    /// and answered with `X-StandIn-Violations` in `warn` mode.
    func answerUnderContract(
        _ exchange: consuming Exchange,
        state: SessionState,
        controls: SimulationControls,
        served: ServedContract
    ) {
        let request = exchange.request
        guard let operation = served.contract.operation(method: request.method, path: request.path) else {
            let check = ContractCheck(operation: nil, note: ContractNote(operation: nil, requestViolations: []))
            return answerFromFixtures(consume exchange, state: state, controls: controls, contract: check)
        }
        let violations = operation.requestViolations(of: request)
        let check = ContractCheck(
            operation: operation,
            note: ContractNote(operation: "\(operation.method) \(operation.path)", requestViolations: violations)
        )
        guard !violations.isEmpty, served.mode == .enforce else {
            return answerFromFixtures(consume exchange, state: state, controls: controls, contract: check)
        }
        var facts = RequestFacts(request)
        let match = state.fixtures.current.index.match(&facts)
        if let fixture = match?.fixture, let variant = Self.refusalVariant(of: fixture, listedBy: operation) {
            var controls = controls
            controls.variant = variant
            return answerFromFixtures(consume exchange, state: state, controls: controls, contract: check)
        }
        let config = state.fixtures.current.config
        let reply = JSONReply(
            status: 422,
            body: ErrorEnvelope.body(
                code: 422,
                message: "the request breaks the spec: \(violations[0])",
                data: AdminJSON.object([("violations", AdminJSON.array(violations.map(\.json)))]),
                format: config.envelope,
                requestId: exchange.requestId
            ),
            envelopeCode: 422,
            config: config,
            requestId: exchange.requestId
        )
        exchange.request.send(reply)
        var ending = Exchange.Ending(
            status: 422,
            fixture: match?.fixture.id,
            label: "SPEC",
            answer: JournalAnswer(envelopeCode: 422, successCode: config.envelope.successCode)
        )
        ending.contract = check.note
        finish(consume exchange, ending)
    }

    /// The variant of `fixture` that answers a request breaking the spec its own way: the first (by name) whose
    /// status is 422, else 400, when the spec lists that status for `operation`.
    private static func refusalVariant(of fixture: Fixture, listedBy operation: ContractOperation) -> String? {
        for status in [422, 400] where operation.responses.contains(where: { $0.status == String(status) }) {
            let variant = fixture.variantNames.first { name in
                (try? fixture.response(step: 0, variant: name))?.status == status
            }
            if let variant { return variant }
        }
        return nil
    }
}
