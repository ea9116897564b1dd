import StandInSupport

/// The simulation a server (every loop and session) or a `MockRegistry` shares: settings, and the one random source
/// behind chaos and random delays, so that a seeded run repeats for the same order of requests. It decides what a
/// request gets (`plan`); the host only waits, writes and breaks the answer as the plan says. (Sequence positions and
/// variant selections are per session: a `ResponseChooser` each.)
public final class Simulation: Sendable {
    /// What is simulated for every request.
    public let settings: SimulationSettings
    /// Where `{{randomInt}}` and `{{pick}}` draw from, seeded like the rest.
    public let templateRandom: TemplateRandom
    private let random: Locked<SeededGenerator>

    /// A simulation of `settings`, its random sources seeded by `settings.seed`.
    public init(settings: SimulationSettings) {
        self.settings = settings
        templateRandom = TemplateRandom(seed: settings.seed)
        random = Locked(settings.seed.map(SeededGenerator.init(seed:)) ?? SeededGenerator())
    }

    /// Decides what a matched request gets: the response chosen for it (`variant`, if not the default), with
    /// request overrides, server-wide delay, the network and random failures applied. Throws when a control header
    /// cannot be followed.
    /// - Parameters:
    ///   - status: the status answered when nothing overrides it; the response's own when nil (a resource's store
    ///     answers with a status of its own, under the response's delay and fault).
    ///   - networks: the profiles a network may be named from.
    public func plan(
        _ response: CompiledResponse,
        status: Int? = nil,
        variant: String?,
        controls: SimulationControls,
        networks: NetworkCatalog
    ) throws(SimulationError) -> ResponsePlan {
        var plan = ResponsePlan(
            response: response,
            status: status ?? response.status,
            delay: .zero,
            fault: response.fault,
            variant: variant,
            network: try network(of: response, controls: controls, networks: networks),
            rateLimit: nil
        )
        var delay = response.delay
        do {
            if let text = controls.delay { delay = try requestedDelay(text) }
        } catch {
            throw SimulationError(.delay, underlying: error)
        }
        do {
            if let text = controls.fault { plan.fault = try Fault(name: text) }
        } catch {
            throw SimulationError(.fault, underlying: error)
        }
        if let text = controls.status {
            guard let status = Int(text), (100...599).contains(status) else {
                let error = FixtureError("\(text.debugDescription) is not within 100...599")
                throw SimulationError(.status, underlying: error)
            }
            plan.status = status
        }
        let overridden = controls.status != nil || controls.fault != nil
        let chaos = overridden ? [] : settings.failRates
        guard delay != nil || settings.globalDelay != nil || !chaos.isEmpty || plan.network != nil else { return plan }
        random.withLock { generator in
            if !chaos.isEmpty { Self.applyChaos(chaos, to: &plan, using: &generator) }
            var own = delay?.sample(using: &generator) ?? .zero
            if controls.delay != nil { own = min(own, settings.maxHold) }
            plan.delay = own + (settings.globalDelay?.sample(using: &generator) ?? .zero)
            if let network = plan.network { plan.delay += Self.latency(of: network, using: &generator) }
        }
        if controls.network != nil, let network = plan.network {
            try requireWithinHold(plan.delay + network.bodyDuration(of: response.body.literalByteCount), network)
        }
        return plan
    }

    /// The network an answer travels over: the one the request names (`X-StandIn-Network`), else the response's,
    /// else the server's (`--network`; one a reload removed from `standin.json` is no longer applied).
    private func network(
        of response: CompiledResponse,
        controls: SimulationControls,
        networks: NetworkCatalog
    ) throws(SimulationError) -> NetworkProfile? {
        if let name = controls.network {
            do {
                return try networks.profile(named: name)
            } catch {
                throw SimulationError(.network, underlying: error)
            }
        }
        if let own = response.network { return own }
        return settings.network.flatMap { try? networks.profile(named: $0) }
    }

    /// A network's wait before the first byte: its latency and a draw of whole milliseconds from zero to its jitter.
    private static func latency(of network: NetworkProfile, using generator: inout SeededGenerator) -> Duration {
        let jitter = Int64(network.jitter / .milliseconds(1))
        guard jitter > 0 else { return network.latency }
        return network.latency + .milliseconds(Int64.random(in: 0...jitter, using: &generator))
    }

    /// A network a request asks for may hold its answer no longer than `--max-hold`, as its delay may not: the wait
    /// and the body's time at the downlink (the body's size told by the fixture's own bytes).
    private func requireWithinHold(_ total: Duration, _ network: NetworkProfile) throws(SimulationError) {
        guard total > settings.maxHold else { return }
        let error = FixtureError(
            "network \(network.name.quoted) would take \(DurationText.format(total)) to deliver this answer, longer "
                + "than the server's --max-hold of \(DurationText.format(settings.maxHold))"
        )
        throw SimulationError(.network, underlying: error)
    }

    /// The delay a request asks for in `X-StandIn-Delay`; a client may hold its request no longer than `--max-hold`
    /// (a log-normal draw past it is cut there).
    private func requestedDelay(_ text: String) throws(FixtureError) -> DelaySpec {
        let spec: DelaySpec
        do {
            spec = try DelaySpec(parsing: text)
        } catch {
            throw FixtureError(
                "\(error.reason); a request may ask for at most the server's --max-hold of "
                    + DurationText.format(settings.maxHold)
            )
        }
        guard spec.upperBound <= settings.maxHold else {
            throw FixtureError(
                "\(text.debugDescription) is longer than the server's --max-hold of \(DurationText.format(settings.maxHold))"
            )
        }
        return spec
    }

    /// One draw decides which failure, if any, this request gets.
    private static func applyChaos(
        _ rates: [FailRate],
        to plan: inout ResponsePlan,
        using generator: inout SeededGenerator
    ) {
        let roll = Double.random(in: 0..<1, using: &generator)
        var cumulative = 0.0
        for rate in rates {
            cumulative += rate.probability
            guard roll < cumulative else { continue }
            switch rate.outcome {
            case .status(let status): plan.status = status
            case .fault(let fault): plan.fault = fault
            }
            return
        }
    }
}
