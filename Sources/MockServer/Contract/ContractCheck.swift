import StandInContract
import StandInFixtures

/// A request checked against the spec on its way to the fixtures: the operation it is for, what the journal will say,
/// and (in `warn` mode) the count the answer carries in `X-StandIn-Violations`.
struct ContractCheck {
    /// The header a `warn`-mode answer to a request that broke the spec carries, with the count of violations.
    static let violationsHeader = "X-StandIn-Violations"

    /// The operation, or nil for a request the spec lacks.
    let operation: ContractOperation?
    /// What the journal keeps so far: the operation and the request's violations.
    let note: ContractNote

    /// Checks the answer `rendered` (sent with `status`) against the operation's response, and adds
    /// `X-StandIn-Violations` to it when the request broke the spec and is answered anyway (`warn` mode); returns
    /// what the journal keeps.
    func checking(_ rendered: inout RenderedResponse, status: Int) -> ContractNote {
        addViolationsHeader(into: &rendered)
        guard let operation else { return note }
        let contentType = rendered.headers.last { $0.name.lowercased() == "content-type" }?.value
        return note.answered(
            with: operation.responseViolations(status: status, contentType: contentType, body: rendered.body)
        )
    }

    /// What the journal keeps for `response` sent with `status`, when `verdicts` tells without rendering it (a fixed
    /// answer, or a request the spec lacks); nil when the answer must be rendered and checked (`checking`).
    func checking(fixed response: CompiledResponse, status: Int, verdicts: StaticAnswerVerdicts) -> ContractNote? {
        guard let operation, let name = note.operation else { return note }
        return verdicts.violations(of: response, status: status, against: operation, named: name).map {
            note.answered(with: $0)
        }
    }

    /// Adds `X-StandIn-Violations` to an answer when the request broke the spec and is answered anyway (`warn`).
    func addViolationsHeader(into sink: inout some ResponseSink) {
        guard !note.requestViolations.isEmpty else { return }
        sink.addHeader(Self.violationsHeader, String(note.requestViolations.count))
    }
}
