/// A transfer rate as people write it in fixtures, headers and network profiles: in bytes (`"512KB/s"`, `"2MB/s"`,
/// `"800B/s"`, or a plain number of bytes per second) or in bits, as networks are rated (`"780kbps"`, `"50Mbps"`,
/// `"1Gbps"`, `"9600bps"`). `KB` and `MB` are 1024 and 1024² bytes; `kbps`, `Mbps` and `Gbps` are 10³, 10⁶ and 10⁹
/// bits. The unit letters may be in any case.
///
/// Every rate is within `range`, the same bounds as the `slow-body` fault's `bytesPerSecond`, so a client's or a
/// fixture's number can neither stall a connection for ever nor overflow.
public enum ByteRate {
    /// The rates StandIn accepts, in bytes per second.
    public static let range = 1...1_000_000_000

    /// The units, longest suffix first, with the bytes per second each stands for.
    private static let units: [(suffix: String, bytes: Double)] = [
        ("KBPS", 1e3 / 8), ("MBPS", 1e6 / 8), ("GBPS", 1e9 / 8), ("BPS", 1.0 / 8),
        ("MB/S", 1024 * 1024), ("KB/S", 1024), ("B/S", 1), ("", 1),
    ]

    /// Parses a rate written with a unit (`512KB/s`, `780kbps`) or as a plain number of bytes per second.
    public static func parse(_ text: some StringProtocol) throws(FixtureError) -> Int {
        let trimmed = String(text.trimmingASCIIWhitespace)
        let upper = trimmed.uppercased()
        for unit in units where upper.hasSuffix(unit.suffix) {
            let number = upper.dropLast(unit.suffix.count)
            guard let value = Double(number), value.isFinite, !number.hasPrefix("+") else { break }
            let bytes = (value * unit.bytes).rounded()
            guard bytes >= Double(range.lowerBound), bytes <= Double(range.upperBound) else {
                throw FixtureError("\(trimmed.quoted) is outside the rates StandIn accepts, 1B/s to 1000000000B/s")
            }
            return Int(bytes)
        }
        throw FixtureError(
            "\(trimmed.quoted) is not a rate; write it like \"512KB/s\", \"2MB/s\", \"800B/s\" or \"780kbps\""
        )
    }
}
