/// A transfer rate as people write it in fixtures and headers: `"512KB/s"`, `"2MB/s"`, `"800B/s"`, or a number of
/// bytes per second. `KB` and `MB` are 1024 and 1024² bytes; the unit letters may be in any case.
///
/// Every rate is within `range`, the same bounds as the `slow-body` fault's `bytesPerSecond`, so a client's or a
/// fixture's number can neither stall a connection for ever nor overflow.
public enum ByteRate {
    /// The rates StandIn accepts, in bytes per second.
    public static let range = 1...1_000_000_000

    /// Parses a rate written with a unit per second (`512KB/s`) or as a plain number of bytes per second.
    public static func parse(_ text: some StringProtocol) throws(FixtureError) -> Int {
        let trimmed = String(text.trimmingASCIIWhitespace)
        let upper = trimmed.uppercased()
        let units: [(suffix: String, bytes: Double)] = [("MB/S", 1024 * 1024), ("KB/S", 1024), ("B/S", 1), ("", 1)]
        for unit in units where upper.hasSuffix(unit.suffix) {
            let number = upper.dropLast(unit.suffix.count)
            guard let value = Double(number), value.isFinite, !number.hasPrefix("+") else { break }
            let bytes = (value * unit.bytes).rounded()
            guard bytes >= Double(range.lowerBound), bytes <= Double(range.upperBound) else {
                throw FixtureError("\(trimmed.quoted) is outside the rates StandIn accepts, 1B/s to 1000000000B/s")
            }
            return Int(bytes)
        }
        throw FixtureError("\(trimmed.quoted) is not a rate; write it like \"512KB/s\", \"2MB/s\" or \"800B/s\"")
    }
}
