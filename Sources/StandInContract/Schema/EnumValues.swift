import StandInFixtures

/// The values of an `enum`, with its strings also in a set so that a long list of names costs one lookup.
struct EnumValues: Sendable {
    /// The values as written, for the message and for instances that are not strings.
    let values: [JSONNode]
    /// Every string value.
    private let strings: Set<String>

    /// The values `values`.
    init(_ values: [JSONNode]) {
        self.values = values
        strings = Set(values.compactMap(\.stringValue))
    }

    /// Whether `instance` equals one of the values (numbers by value: `1` is `1.0`).
    func contains(_ instance: JSONNode) -> Bool {
        if case .string(let string) = instance.value { return strings.contains(string) }
        return values.contains(instance)
    }

    /// `must be one of "a", "b"`, naming at most ten values.
    var message: String {
        let shown = values.prefix(10).map(\.compactString).joined(separator: ", ")
        return values.count > 10 ? "must be one of \(shown), … (\(values.count) values)" : "must be one of \(shown)"
    }
}
