/// Server-wide simulation: a delay added to every response, variants chosen at start, random failures, the network
/// every answer travels over, the seed that makes them reproducible, and how long a request may be held.
public struct SimulationSettings: Sendable {
    /// Added to every response's own delay (`--delay`).
    public var globalDelay: DelaySpec?
    /// Endpoint (`GET /users/{id}`) → variant served when a request names none (`--variant`).
    public var variants: [String: String]
    /// Random failures (`--fail-rate`), tried in order with one draw per request.
    public var failRates: [FailRate]
    /// Seeds the random source of failures and delays (`--seed`); nil seeds it randomly.
    public var seed: UInt64?
    /// The longest a `timeout` fault holds a request before closing it (`--max-hold`), and the longest a request's
    /// control headers or network may make an answer take.
    public var maxHold: Duration
    /// The name of the network profile of every answer that names none (`--network`).
    public var network: String?

    /// Creates settings; the defaults simulate nothing and hold timeouts for 5 minutes.
    public init(
        globalDelay: DelaySpec? = nil,
        variants: [String: String] = [:],
        failRates: [FailRate] = [],
        seed: UInt64? = nil,
        maxHold: Duration = .seconds(300),
        network: String? = nil
    ) {
        self.globalDelay = globalDelay
        self.variants = variants
        self.failRates = failRates
        self.seed = seed
        self.maxHold = maxHold
        self.network = network
    }
}

/// A share of matched requests that fail on purpose: `0.05:503` (a status) or `0.02:connection-reset` (a fault).
public struct FailRate: Sendable, Equatable, CustomStringConvertible {
    /// What a failing request gets.
    public enum Outcome: Sendable, Equatable {
        /// The fixture's response with this status instead.
        case status(Int)
        /// A fault instead of the response.
        case fault(Fault)
    }

    /// The share of requests, 0...1.
    public let probability: Double
    /// What they get.
    public let outcome: Outcome

    /// Parses `PROBABILITY:STATUS` or `PROBABILITY:FAULT`.
    public init(parsing text: String) throws(FixtureError) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let probability = Double(parts[0]), (0...1).contains(probability) else {
            throw FixtureError("\(text.debugDescription) is not a fail rate; write it like 0.05:503 or 0.02:timeout")
        }
        self.probability = probability
        if let status = Int(parts[1]) {
            guard (100...599).contains(status) else { throw FixtureError("status \(status) is not within 100...599") }
            outcome = .status(status)
        } else {
            outcome = .fault(try Fault(name: parts[1]))
        }
    }

    public var description: String {
        switch outcome {
        case .status(let status): "\(probability):\(status)"
        case .fault(let fault): "\(probability):\(fault)"
        }
    }
}
