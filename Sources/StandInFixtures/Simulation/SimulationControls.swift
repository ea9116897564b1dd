/// What a request asks simulation for in its control headers: `X-StandIn-Variant` (the variant to serve),
/// `X-StandIn-Delay` (a delay instead of the fixture's), `X-StandIn-Status` (a status instead of the response's) and
/// `X-StandIn-Fault` (a fault to produce) and `X-StandIn-Network` (the network profile, by name). The values are kept as sent; `Simulation.plan` follows them, or says why
/// it cannot.
public struct SimulationControls: Sendable {
    /// The header that names the variant to serve.
    public static let variantHeader = "X-StandIn-Variant"

    /// The variant to serve, if the request names one.
    public var variant: String?
    /// The delay asked for (`120ms`, `1s..2s`), if any.
    public var delay: String?
    /// The status asked for, if any.
    public var status: String?
    /// The fault asked for, by name, if any.
    public var fault: String?
    /// The network profile asked for, by name, if any.
    public var network: String?

    /// Controls with the given values; none by default.
    public init(
        variant: String? = nil,
        delay: String? = nil,
        status: String? = nil,
        fault: String? = nil,
        network: String? = nil
    ) {
        self.variant = variant
        self.delay = delay
        self.status = status
        self.fault = fault
        self.network = network
    }

    /// The controls `request` carries in its headers.
    public init(of request: some IncomingRequest) {
        self.init(
            variant: request.header(named: Self.variantHeader),
            delay: request.header(named: SimulationError.Header.delay.rawValue),
            status: request.header(named: SimulationError.Header.status.rawValue),
            fault: request.header(named: SimulationError.Header.fault.rawValue),
            network: request.header(named: SimulationError.Header.network.rawValue)
        )
    }
}
