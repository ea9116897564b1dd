import StandInFixtures

extension SchemaSampler {
    /// The schema's own example of a string, number or boolean (3.0's `example`, else the first of 3.1's
    /// `examples`), when it meets the schema: type, `enum`, bounds, `pattern` and the formats the sampler writes.
    /// Examples of objects and arrays are not taken: their parts are sampled, each with its own example.
    func fittingExample(of schema: JSONNode) -> JSONNode? {
        guard let example = schema["example"] ?? schema["examples"]?.elements?.first else { return nil }
        let view = SchemaView(node: schema)
        guard let type = view.sampledType else { return nil }
        switch (type, example.value) {
        case ("string", .string(let text)):
            return fits(text, view) ? example : nil
        case ("integer", .number), ("number", .number):
            guard let number = example.doubleValue, type == "number" || example.intValue != nil else { return nil }
            return fits(number, view) ? example : nil
        case ("boolean", .bool):
            return example
        default:
            return nil
        }
    }

    private func fits(_ text: String, _ view: SchemaView) -> Bool {
        let length = text.unicodeScalars.count
        if let least = view.count("minLength"), length < least { return false }
        if let most = view.count("maxLength"), length > most { return false }
        if let pattern = view.node["pattern"]?.stringValue {
            guard let regex = try? Regex(pattern), text.contains(regex) else { return false }
        }
        guard let format = view.node["format"]?.stringValue, let shape = StringFormat.shape(of: format) else {
            return true
        }
        return text.wholeMatch(of: shape) != nil
    }

    private func fits(_ number: Double, _ view: SchemaView) -> Bool {
        if let lower = view.lowerBound, lower.exclusive ? number <= lower.value : number < lower.value { return false }
        if let upper = view.upperBound, upper.exclusive ? number >= upper.value : number > upper.value { return false }
        if let step = view.node["multipleOf"]?.doubleValue, step > 0 {
            let quotient = number / step
            return quotient == quotient.rounded()
        }
        return true
    }
}
