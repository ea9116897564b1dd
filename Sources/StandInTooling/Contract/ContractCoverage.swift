import Foundation
import StandInContract
import StandInFixtures

/// Each operation and status of a spec: which fixtures answer it, and how often a running server answered it.
public struct ContractCoverage: Sendable {
    /// One response the spec lists for one operation.
    public struct Row: Sendable, Encodable {
        /// The method, upper-case.
        public let method: String
        /// The path as the spec writes it.
        public let path: String
        /// The spec's `operationId`, if any.
        public let operationId: String?
        /// The status as the spec writes it: `200`, `4XX`, `default`.
        public let status: String
        /// The fixture responses that answer it.
        public let fixtures: [FixtureResponse]
        /// How many requests the server's journal saw answered with it; nil when no server was asked.
        public let exercised: Int?

        /// `GET /pets/{id}`.
        public var operation: String { "\(method) \(path)" }
    }

    /// A fixture's response that answers an operation with a status.
    public struct FixtureResponse: Sendable, Encodable, Hashable {
        /// The fixture id.
        public let id: String
        /// The variant, nil for the response without one.
        public let variant: String?
        /// The sequence step (0-based), nil for a fixture with one response.
        public let step: Int?
        /// The status it answers with.
        public let status: Int

        /// `users/get-user.json`, `users/get-user.json (variant not-found)`.
        public var description: String {
            let which = [step.map { "sequence[\($0)]" }, variant.map { "variant \($0)" }].compactMap { $0 }
            return which.isEmpty ? id : "\(id) (\(which.joined(separator: " ")))"
        }
    }

    /// A request the server answered, as its journal keeps it.
    public struct Exchange: Sendable {
        /// The method.
        public let method: String
        /// The path, without the query.
        public let path: String
        /// The status answered.
        public let status: Int

        /// An exchange of `method` on `path` answered with `status`.
        public init(method: String, path: String, status: Int) {
            self.method = method
            self.path = path
            self.status = status
        }
    }

    /// One row per operation and status, in the spec's order.
    public let rows: [Row]
    /// Whether a server's journal was asked.
    public let askedServer: Bool

    /// The coverage of `contract` by `fixtures` (resources aside; responses that are faults do not count), and by
    /// `journal` when a server was asked.
    public init(contract: Contract, fixtures: FixtureLoadResult, journal: [Exchange]?) {
        var covering: [String: [FixtureResponse]] = [:]
        let responses = FixtureResponseCase.all(of: fixtures.fixtures.sorted { $0.id < $1.id }, in: fixtures.directory)
        for response in responses where response.response.fault == nil {
            let status = response.response.status
            for operation in contract.operations(answeredBy: response.fixture) {
                guard let index = operation.responseIndex(for: status) else { continue }
                let entry = FixtureResponse(
                    id: response.fixture.id,
                    variant: response.variant,
                    step: response.step,
                    status: status
                )
                covering["\(operation.endpoint) \(index)", default: []].append(entry)
            }
        }
        askedServer = journal != nil
        var seen: [String: Int] = [:]
        for exchange in journal ?? [] {
            let path = exchange.path.removingPercentEncoding ?? exchange.path
            guard let operation = contract.operation(method: exchange.method.uppercased(), path: path),
                let index = operation.responseIndex(for: exchange.status)
            else { continue }
            seen["\(operation.endpoint) \(index)", default: 0] += 1
        }
        rows = contract.operations.flatMap { operation in
            operation.responses.enumerated().map { index, response in
                let key = "\(operation.endpoint) \(index)"
                return Row(
                    method: operation.method,
                    path: operation.path,
                    operationId: operation.operationId,
                    status: response.status,
                    fixtures: covering[key] ?? [],
                    exercised: journal == nil ? nil : seen[key] ?? 0
                )
            }
        }
    }

    /// How many rows some fixture covers.
    public var covered: Int { rows.count { !$0.fixtures.isEmpty } }
    /// How many rows the server's journal saw, nil when no server was asked.
    public var exercised: Int? {
        askedServer ? rows.count { ($0.exercised ?? 0) > 0 } : nil
    }

    /// `12 of 20 responses covered by fixtures, 5 exercised`.
    public var summary: String {
        let base = "\(covered) of \(rows.count) responses covered by fixtures"
        return exercised.map { "\(base), \($0) exercised" } ?? base
    }
}
