/// One way a request or a response breaks the spec: where (`in` and a JSON pointer), which rule, and a sentence.
public struct ContractViolation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The part of the message a violation is in.
    public enum Location: String, Sendable, Hashable, Codable {
        /// A path parameter.
        case path
        /// A query parameter.
        case query
        /// A request header.
        case header
        /// A cookie parameter.
        case cookie
        /// The request's body (its content type included).
        case body
        /// The response: its status, content type, headers or body.
        case response
    }

    /// The part of the message, written `in` in JSON as OpenAPI names parameter locations.
    public let location: Location
    /// A JSON pointer into that part: `/petId` for a parameter, `/items/0/price` into a body, `` for the whole.
    public let pointer: String
    /// The rule broken: a JSON Schema keyword (`type`, `required`, `maxLength`) or `contentType`, `status`.
    public let rule: String
    /// What is wrong, in a sentence fit for a log line: `expected number, got string`.
    public let message: String

    /// A violation at `pointer` in `location` of `rule`.
    public init(location: Location, pointer: String, rule: String, message: String) {
        self.location = location
        self.pointer = pointer
        self.rule = rule
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case location = "in"
        case pointer, rule, message
    }

    /// `body /items/0/price: expected number, got string`.
    public var description: String {
        pointer.isEmpty ? "\(location.rawValue): \(message)" : "\(location.rawValue) \(pointer): \(message)"
    }
}
