/// A schema that cannot be used: a `$ref` that cannot be followed or cycles without a base case, a `pattern` the
/// regex engine rejects or could run away on, a keyword with a value of the wrong kind.
public struct SchemaCompileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A JSON pointer into the document to the schema (or keyword) at fault.
    public let pointer: String
    /// The line of the document it is on, or 0 when unknown.
    public let line: Int
    /// What is wrong.
    public let message: String

    /// An error at `pointer` (line `line`) saying `message`.
    public init(pointer: String, line: Int, message: String) {
        self.pointer = pointer
        self.line = line
        self.message = message
    }

    /// `line 12: #/components/schemas/Pet/properties/name: pattern "(a+)+" can take exponential time...`.
    public var description: String {
        line > 0 ? "line \(line): #\(pointer): \(message)" : "#\(pointer): \(message)"
    }
}
