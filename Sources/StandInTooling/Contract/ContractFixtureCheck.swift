import Foundation
import StandInContract
import StandInFixtures

/// Every response of every fixture that answers an operation of a spec, checked against the spec's response for
/// its status and content type, templates rendered with `SampleValues`: `standin check --spec` and the end of
/// `standin record --spec`.
public struct ContractFixtureCheck: Sendable {
    /// What the check found.
    public struct Report: Sendable {
        /// Every violation, by fixture, then response, then as the contract lists them.
        public let findings: [ContractFinding]
        /// How many responses were checked.
        public let checkedResponses: Int
        /// The endpoints (`GET /legacy`) of the fixtures that answer no operation of the spec, by fixture id.
        public let notInSpec: [String]

        /// How many of the responses broke the spec.
        public var brokenResponses: Int { Set(findings.map(\.responseID)).count }
    }

    /// The spec.
    public let contract: Contract
    /// The loaded mocks directory.
    public let fixtures: FixtureLoadResult

    /// A check of `fixtures` against `contract`.
    public init(contract: Contract, fixtures: FixtureLoadResult) {
        self.contract = contract
        self.fixtures = fixtures
    }

    /// Checks the fixtures whose ids `only` holds (every fixture when nil); resources are not checked, nor WebSocket
    /// conversations (OpenAPI does not describe them).
    public func run(only ids: Set<String>? = nil) -> Report {
        var findings: [ContractFinding] = []
        var notInSpec: [String] = []
        var checked = 0
        let chosen = fixtures.fixtures.filter { ids?.contains($0.id) ?? true }.sorted { $0.id < $1.id }
        for fixture in chosen {
            let operations = contract.operations(answeredBy: fixture)
            guard !operations.isEmpty else {
                notInSpec.append(fixture.endpoint)
                continue
            }
            let file = fixtures.directory.appendingPathComponent(fixture.id).relativePathForDisplay
            for response in FixtureResponseCase.all(of: [fixture], in: fixtures.directory)
            where response.response.fault == nil && response.response.websocket == nil {
                checked += 1
                for operation in operations {
                    for violation in violations(of: response, against: operation) {
                        let location = ViolationLocation(
                            of: violation,
                            in: response.source,
                            envelope: fixtures.config.envelope
                        )
                        if location.comesFromRequest { continue }
                        findings.append(
                            ContractFinding(
                                file: file,
                                line: location.line,
                                endpoint: fixture.endpoint,
                                operation: operation.endpoint,
                                label: response.label,
                                path: location.path,
                                message: violation.message,
                                responseID: "\(fixture.id) \(response.label)"
                            )
                        )
                    }
                }
            }
        }
        return Report(findings: findings, checkedResponses: checked, notInSpec: notInSpec)
    }

    /// The violations of `response`, rendered with the sample values, against `operation`.
    private func violations(
        of response: FixtureResponseCase,
        against operation: ContractOperation
    )
        -> [ContractViolation]
    {
        let served = response.response
        let contentType = served.headers.first { $0.name.lowercased() == "content-type" }.map {
            String(decoding: SampleValues.render($0.value), as: UTF8.self)
        }
        let body = SampleValues.render(served.body)
        if let form = response.source.bodyForm, ResponseSource.jsonForms.contains(form),
            let json = try? JSONParser.parse(body)
        {
            return operation.responseViolations(status: served.status, contentType: contentType, json: json)
        }
        if body.isEmpty, served.events == nil {
            return operation.responseViolations(status: served.status, contentType: contentType, json: nil)
        }
        return operation.responseViolations(status: served.status, contentType: contentType, body: body)
    }
}
