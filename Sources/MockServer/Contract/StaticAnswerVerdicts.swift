import StandInContract
import StandInFixtures

/// The spec's verdicts on answers that are the same bytes every time (a fixed body and a fixed or absent
/// `Content-Type`), so that such an answer is checked once per operation and status, not rendered into memory and
/// checked on every request. One per loop (its `MockResponder`), so it needs no lock.
///
/// Each entry holds its response: a response freed by a reload cannot leave its address to a new one that would
/// find the old verdict. Past `capacity` entries (reloads add new responses) the cache starts again.
final class StaticAnswerVerdicts {
    /// The most verdicts kept.
    static let capacity = 1024

    private struct Key: Hashable {
        let response: ObjectIdentifier
        let status: Int
        /// `POST /orders`, the operation's note.
        let operation: String
    }

    /// Each response's violations, nil for a response rendered per request.
    private var verdicts: [Key: (response: CompiledResponse, violations: [ContractViolation]?)] = [:]

    /// The violations of `response` sent with `status` against `operation` (whose journal name is `name`); nil when
    /// the response's body or `Content-Type` is rendered per request.
    func violations(
        of response: CompiledResponse,
        status: Int,
        against operation: ContractOperation,
        named name: String
    ) -> [ContractViolation]? {
        let key = Key(response: ObjectIdentifier(response), status: status, operation: name)
        if let known = verdicts[key] { return known.violations }
        let violations = Self.fixedViolations(of: response, status: status, against: operation)
        if verdicts.count >= Self.capacity { verdicts.removeAll(keepingCapacity: true) }
        verdicts[key] = (response, violations)
        return violations
    }

    private static func fixedViolations(
        of response: CompiledResponse,
        status: Int,
        against operation: ContractOperation
    ) -> [ContractViolation]? {
        guard let body = response.body.fixedBytes else { return nil }
        let contentType = response.headers.last { $0.name.lowercased() == "content-type" }
        if let contentType, contentType.fixedValue == nil { return nil }
        return operation.responseViolations(status: status, contentType: contentType?.fixedValue, body: body)
    }
}
