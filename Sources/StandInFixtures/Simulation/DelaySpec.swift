import Foundation

/// How long to wait before answering: a fixed time, a uniform range or a log-normal distribution.
///
/// In a fixture: `"120ms"`, `{ "min": "100ms", "max": "300ms" }` or `{ "median": "100ms", "p99": "800ms" }`.
/// On the command line and in `X-StandIn-Delay`: `120ms`, `100ms..300ms` or `median=100ms,p99=800ms`.
public enum DelaySpec: Sendable, Equatable, CustomStringConvertible {
    /// Always this long.
    case fixed(Duration)
    /// Uniformly distributed between the bounds.
    case uniform(min: Duration, max: Duration)
    /// Log-normally distributed with this median and 99th percentile: most answers near the median, a long tail.
    case logNormal(median: Duration, p99: Duration)

    /// Parses the textual form used by flags and headers.
    public init(parsing text: String) throws(FixtureError) {
        if let range = text.range(of: "..") {
            self = try .checkedUniform(
                DurationText.parse(text[..<range.lowerBound]),
                DurationText.parse(text[range.upperBound...])
            )
            return
        }
        if text.contains("=") {
            var values: [String: Duration] = [:]
            for pair in text.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { throw Self.syntaxError(text) }
                values[String(parts[0].trimmingASCIIWhitespace)] = try DurationText.parse(parts[1])
            }
            guard values.count == 2, let median = values["median"], let p99 = values["p99"] else {
                throw Self.syntaxError(text)
            }
            self = try .checkedLogNormal(median, p99)
            return
        }
        self = .fixed(try DurationText.parse(text))
    }

    /// Parses the fixture form: a string, or an object with `min`/`max` or `median`/`p99`.
    public init(json node: JSONNode) throws(FixtureError) {
        if let text = node.stringValue {
            self = .fixed(try DurationText.parse(text))
            return
        }
        guard case .object(let members) = node.value else {
            throw FixtureError("delay must be a string like \"120ms\" or an object, not \(node.typeName)")
        }
        var values: [String: Duration] = [:]
        for member in members {
            guard ["min", "max", "median", "p99"].contains(member.key), let text = member.value.stringValue else {
                throw FixtureError("delay takes \"min\" and \"max\", or \"median\" and \"p99\", as durations")
            }
            values[member.key] = try DurationText.parse(text)
        }
        switch (values["min"], values["max"], values["median"], values["p99"]) {
        case (let min?, let max?, nil, nil): self = try .checkedUniform(min, max)
        case (nil, nil, let median?, let p99?): self = try .checkedLogNormal(median, p99)
        default: throw FixtureError("delay takes \"min\" and \"max\", or \"median\" and \"p99\"")
        }
    }

    /// The longest delay the distribution gives short of its tail: the fixed time, the range's maximum, or the p99.
    public var upperBound: Duration {
        switch self {
        case .fixed(let duration): duration
        case .uniform(_, let max): max
        case .logNormal(_, let p99): p99
        }
    }

    /// One delay drawn from the distribution, never longer than `DurationText.ceiling` (the log-normal tail is cut at
    /// 100 × p99 and at the ceiling), so that no draw can overflow.
    public func sample(using generator: inout some RandomNumberGenerator) -> Duration {
        switch self {
        case .fixed(let duration):
            return duration
        case .uniform(let min, let max):
            let span = (max - min) / .nanoseconds(1)
            return min + Self.duration(nanoseconds: Double.random(in: 0...1, using: &generator) * span)
        case .logNormal(let median, let p99):
            let mu = log(median / .nanoseconds(1))
            let sigma = (log(p99 / .nanoseconds(1)) - mu) / 2.326_347_874
            let value = exp(mu + sigma * Self.standardNormal(using: &generator))
            return Self.duration(nanoseconds: Swift.min(value, 100 * (p99 / .nanoseconds(1))))
        }
    }

    /// `nanoseconds` as a duration within `0...DurationText.ceiling`; NaN counts as zero.
    private static func duration(nanoseconds: Double) -> Duration {
        let ceiling = DurationText.ceiling / .nanoseconds(1)
        guard nanoseconds > 0 else { return .zero }
        return .nanoseconds(Int64(Swift.min(nanoseconds, ceiling)))
    }

    /// The textual form, as flags take it.
    public var description: String {
        switch self {
        case .fixed(let duration): DurationText.format(duration)
        case .uniform(let min, let max): "\(DurationText.format(min))..\(DurationText.format(max))"
        case .logNormal(let median, let p99):
            "median=\(DurationText.format(median)),p99=\(DurationText.format(p99))"
        }
    }

    private static func checkedUniform(_ min: Duration, _ max: Duration) throws(FixtureError) -> DelaySpec {
        guard min <= max else { throw FixtureError("delay min must not exceed max") }
        return .uniform(min: min, max: max)
    }

    private static func checkedLogNormal(_ median: Duration, _ p99: Duration) throws(FixtureError) -> DelaySpec {
        guard median > .zero, p99 >= median else { throw FixtureError("delay needs 0 < median <= p99") }
        return .logNormal(median: median, p99: p99)
    }

    private static func syntaxError(_ text: String) -> FixtureError {
        FixtureError("\(text.quoted) is not a delay; use 120ms, 100ms..300ms or median=100ms,p99=800ms")
    }

    /// A standard normal variate (Box–Muller).
    private static func standardNormal(using generator: inout some RandomNumberGenerator) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        let u2 = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
