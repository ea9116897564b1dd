import ArgumentParser
import MockServer
import StandInFixtures

/// The `serve` flags that make every response slower, pick variants, put every answer on a network, or fail some
/// requests on purpose.
struct SimulationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Add this delay to every response: 120ms, 100ms..300ms or median=100ms,p99=800ms.",
            valueName: "spec"
        )
    )
    var delay: String?

    @Option(
        help: ArgumentHelp(
            "Serve a variant by default, e.g. \"GET /users/{id}=expired-token\" (repeatable).",
            valueName: "endpoint=name"
        )
    )
    var variant: [String] = []

    @Option(
        help: ArgumentHelp(
            "Fail this share of matched requests with a status or a fault, e.g. 0.05:503 or 0.02:connection-reset (repeatable).",
            valueName: "rate:outcome"
        )
    )
    var failRate: [String] = []

    @Option(
        help: ArgumentHelp(
            "Put every answer on this network profile unless its fixture or request names another: edge, 3g, lte, "
                + "wifi, very-bad, or one of standin.json's \"networks\".",
            valueName: "name"
        )
    )
    var network: String?

    @Option(help: "Seed the random source of failures, delays and network jitter, so that a run repeats.")
    var seed: UInt64?

    @Option(
        help: ArgumentHelp(
            "How long a timeout fault holds a request before closing it; also the longest delay a request may ask "
                + "for in X-StandIn-Delay, or its network in X-StandIn-Network may take (a longer one gets 400), and "
                + "the longest an event stream from --fallback-upstream is relayed.",
            valueName: "duration"
        )
    )
    var maxHold = "5m"

    /// The settings these flags describe; throws a `ValidationError` that says what to fix.
    func settings() throws -> SimulationSettings {
        do {
            var settings = SimulationSettings(seed: seed, maxHold: try DurationText.parse(maxHold), network: network)
            settings.globalDelay = try delay.map(DelaySpec.init(parsing:))
            settings.failRates = try failRate.map(FailRate.init(parsing:))
            guard settings.failRates.reduce(0, { $0 + $1.probability }) <= 1 else {
                throw FixtureError("the --fail-rate shares add up to more than 1")
            }
            for entry in variant {
                guard let equals = entry.lastIndex(of: "="), entry[..<equals].contains(" ") else {
                    throw FixtureError("--variant \(entry.debugDescription) must look like \"GET /users/{id}=name\"")
                }
                settings.variants[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
            }
            return settings
        } catch let error as FixtureError {
            throw ValidationError(error.reason)
        }
    }
}
