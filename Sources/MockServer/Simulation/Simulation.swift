import StandInFixtures
import StandInSupport

/// The simulation state every loop shares: sequence positions, selected variants, settings, and the one random
/// source behind chaos and random delays, so that a seeded run repeats for the same order of requests.
final class Simulation: Sendable {
    let settings: SimulationSettings
    /// Where each sequence fixture is.
    let sequences = SequenceCounters()
    /// The variant each endpoint serves when a request names none.
    let variants: VariantSelection
    private let random: Locked<SeededGenerator>

    init(settings: SimulationSettings) {
        self.settings = settings
        variants = VariantSelection(settings.variants)
        random = Locked(settings.seed.map(SeededGenerator.init(seed:)) ?? SeededGenerator())
    }

    /// Decides what a matched request gets: the fixture's response for this sequence step and variant, with request
    /// overrides, server-wide delay and random failures applied. Throws when the request names a variant the fixture
    /// lacks or a control header cannot be followed.
    func plan(for fixture: Fixture, controls: ControlHeaders) throws(SimulationError) -> ResponsePlan {
        let response = try self.response(of: fixture, requestedVariant: controls.variant)
        var plan = ResponsePlan(
            response: response.compiled,
            status: response.compiled.status,
            delay: .zero,
            fault: response.compiled.fault,
            variant: response.variant
        )
        var delay = response.compiled.delay
        do {
            if let text = controls.delay { delay = try requestedDelay(text) }
            if let text = controls.fault { plan.fault = try Fault(name: text) }
        } catch {
            throw SimulationError(description: "X-StandIn-\(controls.delay == nil ? "Fault" : "Delay"): \(error)")
        }
        if let text = controls.status {
            guard let status = Int(text), (100...599).contains(status) else {
                throw SimulationError(description: "X-StandIn-Status: \(text.debugDescription) is not within 100...599")
            }
            plan.status = status
        }
        let overridden = controls.status != nil || controls.fault != nil
        let chaos = overridden ? [] : settings.failRates
        guard delay != nil || settings.globalDelay != nil || !chaos.isEmpty else { return plan }
        random.withLock { generator in
            if !chaos.isEmpty { Self.applyChaos(chaos, to: &plan, using: &generator) }
            var own = delay?.sample(using: &generator) ?? .zero
            if controls.delay != nil { own = min(own, settings.maxHold) }
            plan.delay = own + (settings.globalDelay?.sample(using: &generator) ?? .zero)
        }
        return plan
    }

    /// The delay a request asks for in `X-StandIn-Delay`; a client may hold its request no longer than `--max-hold`
    /// (a log-normal draw past it is cut there).
    private func requestedDelay(_ text: String) throws(FixtureError) -> DelaySpec {
        let spec = try DelaySpec(parsing: text)
        guard spec.upperBound <= settings.maxHold else {
            throw FixtureError(
                "\(text.debugDescription) is longer than the server's --max-hold of \(DurationText.format(settings.maxHold))"
            )
        }
        return spec
    }

    /// The response for the fixture's next step, in the variant the request names, or else the endpoint's selected
    /// one. A selected variant that this fixture lacks (another fixture of the endpoint has it) serves the default.
    private func response(
        of fixture: Fixture,
        requestedVariant: String?
    ) throws(SimulationError)
        -> (compiled: CompiledResponse, variant: String?)
    {
        let step = sequences.nextStep(for: fixture)
        do {
            if let requestedVariant {
                return (try fixture.response(step: step, variant: requestedVariant), requestedVariant)
            }
            if !fixture.variantNames.isEmpty, let selected = variants.variant(for: fixture),
                fixture.variantNames.contains(selected)
            {
                return (try fixture.response(step: step, variant: selected), selected)
            }
            return (try fixture.response(step: step, variant: nil), nil)
        } catch {
            throw SimulationError(description: "X-StandIn-Variant: \(error)")
        }
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
