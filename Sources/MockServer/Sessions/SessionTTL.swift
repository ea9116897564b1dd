import StandInFixtures

/// A session's time to live as a caller writes it: a number and a unit, `90s`, `10m`, `1.5h`.
enum SessionTTL {
    /// The time to live of a session created without one.
    static let standard = Duration.seconds(30 * 60)
    /// The longest time to live a session may ask for.
    static let ceiling = Duration.seconds(24 * 3600)

    /// Parses `text`; throws a sentence naming it when it is not a positive duration in `s`, `m` or `h` of at most
    /// 24 hours.
    static func parse(_ text: String) throws(SessionTTLError) -> Duration {
        let units: [(suffix: Character, seconds: Double)] = [("s", 1), ("m", 60), ("h", 3600)]
        guard let unit = units.first(where: { text.last == $0.suffix }),
            let value = DurationText.decimal(text.dropLast()), value.isFinite, value > 0
        else {
            throw SessionTTLError(
                "ttl \(text.debugDescription) is not a duration; write it like \"90s\", \"10m\" or \"2h\""
            )
        }
        let seconds = value * unit.seconds
        guard seconds <= 24 * 3600 else {
            throw SessionTTLError("ttl \(text.debugDescription) is longer than the longest a session may live, 24h")
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}

/// A `ttl` that cannot be used, with a sentence saying why.
struct SessionTTLError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
