import Foundation
import StandInFixtures

/// A stub's delay as a fixture's `delay`.
enum WireMockDelay {
    /// `fixedDelayMilliseconds`, or a `uniform`, `lognormal` or `fixed` `delayDistribution`, as a fixture's `delay`.
    static func from(_ response: JSONNode?, warn: (String, String) -> Void) -> JSONNode.Value? {
        let milliseconds = { (value: Double) in "\(Int(value.rounded()))ms" }
        var delay: JSONNode.Value?
        if let fixed = response?["fixedDelayMilliseconds"]?.doubleValue {
            delay = .string(milliseconds(fixed))
        } else if let distribution = response?["delayDistribution"] {
            switch distribution["type"]?.stringValue {
            case "uniform":
                if let lower = distribution["lower"]?.doubleValue, let upper = distribution["upper"]?.doubleValue {
                    delay = .object([
                        RecordedMatch.member("min", .string(milliseconds(lower))),
                        RecordedMatch.member("max", .string(milliseconds(upper))),
                    ])
                }
            case "lognormal":
                if let median = distribution["median"]?.doubleValue, let sigma = distribution["sigma"]?.doubleValue {
                    // The 99th percentile of a log-normal lies 2.326 standard deviations above the median's log.
                    delay = .object([
                        RecordedMatch.member("median", .string(milliseconds(median))),
                        RecordedMatch.member("p99", .string(milliseconds(median * exp(2.326 * sigma)))),
                    ])
                }
            case "fixed":
                delay = distribution["milliseconds"]?.doubleValue.map { .string(milliseconds($0)) }
            default:
                break
            }
            if delay == nil { warn("delayDistribution", "StandIn has no delay like this one, so it answers at once.") }
        }
        if let delay, (try? DelaySpec(json: JSONNode(delay))) == nil {
            warn("fixedDelayMilliseconds", "the delay is beyond what StandIn allows, so it answers at once.")
            return nil
        }
        return delay
    }
}
