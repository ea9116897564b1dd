import StandInContract
import StandInFixtures

/// What the journal keeps of a request checked against the spec: the operation it is for (nil: not in the spec), how
/// it broke the spec, and how the answer served did. A class: an entry holds one reference, only with a spec.
final class ContractNote: Sendable {
    /// `GET /pets/{petId}`, or nil for a request the spec has no operation for.
    let operation: String?
    /// Every way the request broke the operation.
    let requestViolations: [ContractViolation]
    /// Every way the answer served broke the operation's response.
    let responseViolations: [ContractViolation]

    init(operation: String?, requestViolations: [ContractViolation], responseViolations: [ContractViolation] = []) {
        self.operation = operation
        self.requestViolations = requestViolations
        self.responseViolations = responseViolations
    }

    /// The same note with the answer's violations.
    func answered(with violations: [ContractViolation]) -> ContractNote {
        guard !violations.isEmpty else { return self }
        return ContractNote(operation: operation, requestViolations: requestViolations, responseViolations: violations)
    }
}

extension ContractNote {
    /// `{"operation","requestViolations","responseViolations"}`, as the journal lists it.
    var json: JSONNode {
        AdminJSON.object([
            ("operation", AdminJSON.string(operation)),
            ("requestViolations", AdminJSON.array(requestViolations.map(\.json))),
            ("responseViolations", AdminJSON.array(responseViolations.map(\.json))),
        ])
    }
}
