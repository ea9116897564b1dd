extension Placeholder {
    /// The longest offset `{{now}}` accepts, either way: about ten years.
    package static let maximumOffsetSeconds = 3650 * 86_400

    /// Parses a helper with arguments: `json EXPR`, `randomInt MIN MAX`, `pick A B…`, `now "+1h"`, `now "unix"`.
    static func helper(named name: Substring, arguments: Substring) throws(FixtureError) -> Placeholder {
        switch name {
        case "json":
            let inner = try Placeholder(parsing: arguments)
            if case .json = inner { throw FixtureError("{{json}} takes an expression that is not json itself") }
            return .json(inner)
        case "randomInt":
            let words = try TemplateArguments.split(arguments)
            guard words.count == 2, let low = Int(words[0]), let high = Int(words[1]), low <= high else {
                throw FixtureError(
                    "{{randomInt \(arguments.trimmingASCIIWhitespace)}} needs two whole numbers, MIN ≤ MAX"
                )
            }
            return .randomInt(low...high)
        case "pick":
            let words = try TemplateArguments.split(arguments)
            guard !words.isEmpty else { throw FixtureError("{{pick}} needs at least one word to pick from") }
            return .pick(words)
        case "now":
            var offset = 0
            var unix = false
            for word in try TemplateArguments.split(arguments) {
                if word == "unix" {
                    unix = true
                } else {
                    offset = try timeOffset(word)
                }
            }
            return .now(offsetSeconds: offset, unix: unix)
        default:
            throw unknown(name + arguments)
        }
    }

    /// `+1h`, `-30m`, `+90s`, `+2d` in seconds.
    private static func timeOffset(_ word: String) throws(FixtureError) -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = word.last.flatMap({ units[$0] }), let first = word.first, first == "+" || first == "-",
            let amount = Int(word.dropFirst().dropLast()), amount >= 0,
            amount <= maximumOffsetSeconds / unit
        else {
            throw FixtureError(
                "\(word.quoted) is not a time offset; write a sign, a whole number and s, m, h or d, like \"+1h\", "
                    + "at most 3650 days, or \"unix\""
            )
        }
        return first == "-" ? -amount * unit : amount * unit
    }
}
