import StandInFixtures

/// WireMock's `now` helper as StandIn's: `{{now offset='3 days' format='unix'}}` is `{{now "+3d" "unix"}}`.
///
/// StandIn's clock reads ISO 8601 in UTC (`2026-11-22T10:04:05Z`, WireMock's default) or seconds since 1970; its
/// offsets are seconds to days. Other formats, other time zones, and offsets in months or years have no equal.
enum WireMockNow {
    /// Formats that read as StandIn's ISO 8601 in UTC.
    private static let isoFormats: Set<String> = [
        "yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ssX", "yyyy-MM-dd'T'HH:mm:ssXX", "yyyy-MM-dd'T'HH:mm:ssXXX",
    ]
    /// Time zones that are UTC.
    private static let utcZones: Set<String> = ["UTC", "GMT", "Z", "Etc/UTC", "Etc/GMT", "UCT", "Zulu", "Etc/Zulu"]
    /// Offset units WireMock reads, in seconds.
    private static let units: [String: Int] = ["second": 1, "minute": 60, "hour": 3600, "day": 86_400]

    static func translate(_ expression: HandlebarsExpression) -> WireMockHelpers.Outcome {
        let options = expression.options
        guard expression.arguments.isEmpty else { return .unsupported("StandIn's now reads the current time only") }
        if let other = options.keys.sorted().first(where: { !["offset", "format", "timezone"].contains($0) }) {
            return .unsupported("StandIn has no equal for the option \(other.quoted)")
        }
        var words: [String] = []
        if let offset = options["offset"] {
            guard let text = offset.text, let seconds = seconds(in: text) else {
                return .unsupported("StandIn moves the time by seconds, minutes, hours or days, within 3650 days")
            }
            if seconds != 0 { words.append("\"\(standInOffset(seconds))\"") }
        }
        let format = options["format"]?.text
        if format == "unix" {
            words.append("\"unix\"")
        } else if format == "epoch" {
            // Milliseconds: StandIn's clock has whole seconds.
            return .parts([.template("{{now \((words + ["\"unix\""]).joined(separator: " "))}}"), .text("000")])
        } else if format == nil || isoFormats.contains(format ?? "") {
            if let zone = options["timezone"]?.text, !utcZones.contains(zone) {
                return .unsupported("StandIn tells the time in UTC only, not in \(zone)")
            }
        } else {
            return .unsupported("StandIn writes the time in ISO 8601 or as seconds since 1970 only")
        }
        return .template(words.isEmpty ? "{{now}}" : "{{now \(words.joined(separator: " "))}}")
    }

    /// `3 days`, `-24 seconds`, `now +5 hours`, `now` in seconds; nil for months, years, or beyond StandIn's reach.
    private static func seconds(in offset: String) -> Int? {
        let words = offset.split(separator: " ")
        if words.count == 1, words[0].lowercased() == "now" { return 0 }
        guard words.count == 2 || (words.count == 3 && words[0].lowercased() == "now") else { return nil }
        let amountText = words[words.count - 2]
        let unitText = words[words.count - 1].lowercased()
        let unitName = unitText.hasSuffix("s") ? String(unitText.dropLast()) : unitText
        guard let amount = Int(amountText.hasPrefix("+") ? amountText.dropFirst() : amountText),
            let unit = units[unitName], abs(amount) <= Placeholder.maximumOffsetSeconds / unit
        else { return nil }
        return amount * unit
    }

    /// `+3d`, `-90m`, `+45s`: the largest unit that divides the offset.
    private static func standInOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] where seconds % size == 0 {
            return "\(sign)\(abs(seconds) / size)\(unit)"
        }
        return "\(sign)\(abs(seconds))s"
    }
}
