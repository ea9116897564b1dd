/// What one matched request gets: the response, and the status, delay, fault and network simulation puts on it.
public struct ResponsePlan: Sendable {
    /// The fixture's response (variant and sequence step applied).
    public let response: CompiledResponse
    /// The status to send; the response's own unless overridden.
    public var status: Int
    /// How long to wait before answering (a network's latency and jitter included).
    public var delay: Duration
    /// A fault to produce instead of (or while) answering.
    public var fault: Fault?
    /// The variant served, if any.
    public var variant: String?
    /// The network the answer travels over, if any: its latency and jitter are in `delay`, its downlink in
    /// `bodyRate`.
    public var network: NetworkProfile?
    /// Where the request stands against its fixture's rate limit, if the fixture has one: the answer carries its
    /// `RateLimit-*` headers (`writeRateLimitHeaders`).
    public var rateLimit: RateLimitStatus?

    /// Adds the `RateLimit-*` headers of a rate-limited fixture's answer to `sink`; nothing for any other.
    public func writeRateLimitHeaders(into sink: inout some ResponseSink) {
        rateLimit?.writeHeaders(into: &sink)
    }

    /// Whether the answer cannot be given at once, intact: it waits, breaks, or is paced.
    public var isDeferred: Bool { delay > .zero || fault != nil || network != nil }

    /// The rate the body goes out at, in bytes per second, when it is paced: a `slow-body` fault's, else the
    /// network's downlink (another fault is not paced).
    public var bodyRate: Int? {
        switch fault {
        case .slowBody(let bytesPerSecond): bytesPerSecond
        case nil: network?.down
        default: nil
        }
    }

    /// `variant=slow network=3g delay=812ms fault=timeout`: the access log's account of what was simulated.
    public var logDetails: String? {
        var details: [String] = []
        if let variant { details.append("variant=\(variant)") }
        if let network { details.append("network=\(network)") }
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
        case network = "X-StandIn-Network"
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
