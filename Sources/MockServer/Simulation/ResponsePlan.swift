import StandInFixtures

/// What one matched request gets: the response, and the status, delay and fault simulation puts on it.
struct ResponsePlan {
    /// The fixture's response (variant and sequence step applied).
    let response: CompiledResponse
    /// The status to send; the response's own unless overridden.
    var status: Int
    /// How long to wait before answering.
    var delay: Duration
    /// A fault to produce instead of (or while) answering.
    var fault: Fault?
    /// The variant served, if any.
    var variant: String?

    /// Whether the answer leaves the request callback: anything but an immediate, intact response.
    var isDeferred: Bool { delay > .zero || fault != nil }

    /// `variant=slow delay=812ms fault=timeout`: the access log's account of what was simulated.
    var logDetails: String? {
        var details: [String] = []
        if let variant { details.append("variant=\(variant)") }
        if delay > .zero { details.append("delay=\(DurationText.format(delay))") }
        if let fault { details.append("fault=\(fault)") }
        return details.isEmpty ? nil : details.joined(separator: " ")
    }
}

/// Why a request's simulation controls cannot be followed; answered with 400 and an envelope saying so.
struct SimulationError: Error, CustomStringConvertible {
    /// The control header that cannot be followed.
    enum Header: String {
        case delay = "X-StandIn-Delay"
        case fault = "X-StandIn-Fault"
        case status = "X-StandIn-Status"
    }

    let header: Header
    /// Why its value cannot be followed.
    let underlying: any Error

    init(_ header: Header, underlying: any Error) {
        self.header = header
        self.underlying = underlying
    }

    var description: String { "\(header.rawValue): \(underlying)" }
}
