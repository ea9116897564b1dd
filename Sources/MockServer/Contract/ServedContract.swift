import StandInContract

/// The spec `serve --spec` holds requests and answers to, and what it does with a request that breaks it.
public struct ServedContract: Sendable {
    /// What happens to a request that breaks the spec.
    public enum Mode: String, Sendable, CaseIterable {
        /// Refused with 422 and the violations (or the fixture's own 400/422 variant the spec lists).
        case enforce
        /// Answered as usual, with `X-StandIn-Violations: N`.
        case warn
    }

    /// The spec's operations.
    public let contract: Contract
    /// What happens to a request that breaks it.
    public let mode: Mode

    /// Holds requests and answers to `contract`, treating a request that breaks it as `mode` says.
    public init(_ contract: Contract, mode: Mode = .enforce) {
        self.contract = contract
        self.mode = mode
    }
}
