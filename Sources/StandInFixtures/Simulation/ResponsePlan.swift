/// What one matched request gets: the response, and the status, delay and fault simulation puts on it.
public struct ResponsePlan: Sendable {
    /// The fixture's response (variant and sequence step applied).
    public let response: CompiledResponse
    /// The status to send; the response's own unless overridden.
    public var status: Int
    /// How long to wait before answering.
    public var delay: Duration
    /// A fault to produce instead of (or while) answering.
    public var fault: Fault?
    /// The variant served, if any.
    public var variant: String?

    /// Whether the answer cannot be given at once, intact: it waits, or breaks.
    public var isDeferred: Bool { delay > .zero || fault != nil }

    /// `variant=slow delay=812ms fault=timeout`: the access log's account of what was simulated.
    public var logDetails: String? {
        var details: [String] = []
        if let variant { details.append("variant=\(variant)") }
        if delay > .zero { details.append("delay=\(DurationText.format(delay))") }
        if let fault { details.append("fault=\(fault)") }
        return details.isEmpty ? nil : details.joined(separator: " ")
    }
}

/// Why a request's simulation controls cannot be followed; answered with 400 and an envelope saying so.
public struct SimulationError: Error, CustomStringConvertible {
    /// The control header that cannot be followed.
    public enum Header: String, Sendable {
        case delay = "X-StandIn-Delay"
        case fault = "X-StandIn-Fault"
        case status = "X-StandIn-Status"
    }

    /// The header that cannot be followed.
    public let header: Header
    /// Why its value cannot be followed.
    public let underlying: any Error

    /// An error for `header`, keeping why.
    public init(_ header: Header, underlying: any Error) {
        self.header = header
        self.underlying = underlying
    }

    public var description: String { "\(header.rawValue): \(underlying)" }
}
