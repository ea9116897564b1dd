/// Durations as people write them in fixtures, flags and headers: `120ms`, `2s`, `1.5s`, `500us`, `5m`.
///
/// Every duration read from text is at most `ceiling`, so a client's or a fixture's number can neither overflow the
/// conversion nor hold a request for days.
public enum DurationText {
    /// The longest duration StandIn reads from text: one hour.
    public static let ceiling = Duration.seconds(3600)

    /// Parses a duration; the unit is required (`us`, `ms`, `s` or `m`), the number may have a fraction, and the
    /// duration must not exceed `ceiling`.
    public static func parse(_ text: some StringProtocol) throws(FixtureError) -> Duration {
        let trimmed = String(text.trimmingASCIIWhitespace)
        let units: [(suffix: String, nanoseconds: Double)] = [
            ("us", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9),
        ]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count)
            guard let value = decimal(number), value.isFinite else { break }
            let nanoseconds = (value * unit.nanoseconds).rounded()
            guard nanoseconds <= ceiling / .nanoseconds(1) else {
                throw FixtureError("\(trimmed.quoted) is longer than the longest duration StandIn accepts, 1 hour")
            }
            return .nanoseconds(Int64(nanoseconds))
        }
        throw FixtureError(
            "\(trimmed.quoted) is not a duration; write a number and a unit (us, ms, s or m), "
                + "like \"120ms\", \"2s\" or \"1.5s\""
        )
    }

    /// The value of a plain decimal number: digits, and more after a point if there is one (`2`, `1.5`); nil for
    /// anything else `Double` would read, such as a sign, an exponent (`1e3`), hexadecimal (`0x10`) or `inf`.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(digits.contains) }) else { return nil }
        return Double(String(text))
    }

    /// `120ms`, `2s`, `1.5s`: the shortest way to write a duration in milliseconds or seconds.
    public static func format(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        if milliseconds >= 1000, milliseconds.truncatingRemainder(dividingBy: 100) == 0 {
            let seconds = milliseconds / 1000
            return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
        }
        return milliseconds == milliseconds.rounded() ? "\(Int(milliseconds))ms" : "\(milliseconds)ms"
    }
}
