extension JSONNode {
    /// The value as compact JSON bytes.
    public var compactBytes: [UInt8] {
        var out: [UInt8] = []
        JSONWriter.writeCompact(self, into: &out)
        return out
    }

    /// The value as compact JSON text.
    public var compactString: String {
        String(decoding: compactBytes, as: UTF8.self)
    }

    /// The value as templates insert it: a string's raw content, a number's literal, `true`, `false` or `null`, and
    /// compact JSON for arrays and objects.
    public var textValue: String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .number(let literal): literal
        case .string(let string): string
        case .array, .object: compactString
        }
    }
}
