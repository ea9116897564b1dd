/// One way a fixture's response breaks the spec, where the fixture file says it.
public struct ContractFinding: Sendable, CustomStringConvertible {
    /// The fixture file, as people open it (the mocks directory joined with the fixture id).
    public let file: String
    /// The line of the offending value, else of the response.
    public let line: Int
    /// The fixture's endpoint as it writes it: `GET /users/{id}`.
    public let endpoint: String
    /// The operation of the spec it answers: `GET /users/{userId}`.
    public let operation: String
    /// Which of the fixture's responses: `variant slow`, `sequence[1]`; empty for its only one.
    public let label: String
    /// The offending value as a path into the served body, `data.items[0].price`; empty for the whole response.
    public let path: String
    /// What is wrong: `expected number, got string`.
    public let message: String
    /// The fixture id and which of its responses (`pets/get.json variant cheap`), to count the responses that broke the
    /// spec.
    public let responseID: String

    /// `Mocks/pets/get.json:12: GET /pets/{id} variant old: data.items[0].price: expected number, got string`.
    public var description: String {
        let which = label.isEmpty ? endpoint : "\(endpoint) \(label)"
        return "\(file):\(line): \(which): " + (path.isEmpty ? message : "\(path): \(message)")
    }
}
