import StandInFixtures

extension SchemaSampler {
    /// A string that meets the schema's `pattern` (when simple), else its `format`, padded or cut to its length
    /// bounds. A `minLength` past `SampleBudget.longestString` is cut to it, with a warning: a spec's number never
    /// sizes a value beyond that.
    func stringValue(_ view: SchemaView, at location: String, variation: Int) -> String {
        var least = view.count("minLength")
        if let asked = least, asked > SampleBudget.longestString {
            warnings.add(
                location,
                "minLength \(asked) is more than the \(SampleBudget.longestString) characters StandIn writes for a string; "
                    + "a string of \(SampleBudget.longestString) is served"
            )
            least = SampleBudget.longestString
        }
        let most = view.count("maxLength")
        if let pattern = view.node["pattern"]?.stringValue {
            let sample = PatternSample.string(
                matching: pattern,
                minLength: least,
                maxLength: most,
                longest: SampleBudget.longestString
            )
            if let text = sample { return text }
            warnings.add(
                location,
                "pattern \(pattern.quoted) is too complex to write a string for, or needs one longer than "
                    + "\(SampleBudget.longestString) characters; one that may not match is served"
            )
        }
        let format = view.node["format"]?.stringValue
        var text =
            format.flatMap { StringFormat.sample($0, variation: variation) }
            ?? (variation == 0 ? "string" : "string\(variation + 1)")
        if let least, text.unicodeScalars.count < least {
            text += String(repeating: "x", count: least - text.unicodeScalars.count)
        }
        if let most, text.unicodeScalars.count > most {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(most)))
        }
        return text
    }

    /// A number within the schema's bounds and a multiple of its `multipleOf`: a whole number (near 1, or near the
    /// lower bound) wherever the bounds allow one, else a short decimal near the middle of the range.
    func numberValue(_ view: SchemaView, integer: Bool, at location: String, variation: Int) -> JSONNode {
        let step = view.node["multipleOf"]?.doubleValue.flatMap { $0 > 0 ? $0 : nil }
        let lower = view.lowerBound
        let upper = view.upperBound
        var least =
            lower.map { $0.exclusive ? ($0.value + 1).rounded(.down) : $0.value.rounded(.up) } ?? -Double.infinity
        var most = upper.map { $0.exclusive ? ($0.value - 1).rounded(.up) : $0.value.rounded(.down) } ?? Double.infinity
        if let step, step == step.rounded() {
            least = (least / step).rounded(.up) * step
            most = (most / step).rounded(.down) * step
        }
        let start = Double(1 + variation) * (step.map { $0 == $0.rounded() ? $0 : 1 } ?? 1)
        let whole = min(max(start, least), most)
        if least <= most, whole.isFinite {
            return JSONNode(.number(Self.literal(whole)))
        }
        guard !integer, let lower, let upper, lower.value < upper.value else {
            warnings.add(location, "no \(integer ? "integer" : "number") meets the schema's bounds; 0 is served")
            return JSONNode(.number("0"))
        }
        let inside = { (number: Double) in
            (lower.exclusive ? number > lower.value : number >= lower.value)
                && (upper.exclusive ? number < upper.value : number <= upper.value)
        }
        // Near the middle of the range, with as few decimals as stay inside it (no 0.15000000000000002).
        let middle = (lower.value + upper.value) / 2
        let scales = sequence(first: 10.0) { $0 * 10 }.prefix(15)
        let short = scales.lazy.map { (middle * $0).rounded() / $0 }.first(where: inside) ?? middle
        return JSONNode(.number(Self.literal(short)))
    }

    /// A JSON number literal: whole numbers without a fraction.
    static func literal(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(number)"
    }
}
