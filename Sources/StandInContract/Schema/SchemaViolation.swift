/// One way an instance breaks a schema.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// A JSON pointer into the instance (`/items/0/price`; empty for the instance itself).
    public let pointer: String
    /// The keyword broken: `type`, `required`, `maxLength`, `oneOf`, `format`...
    public let keyword: String
    /// What is wrong: `expected number, got string`.
    public let message: String

    /// A violation of `keyword` at `pointer`.
    public init(pointer: String, keyword: String, message: String) {
        self.pointer = pointer
        self.keyword = keyword
        self.message = message
    }

    public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}
