/// Why a JSON document could not be parsed, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the offending character, or of the end of input.
    public let line: Int
    /// The 1-based column of the offending character on its line, counted in Unicode scalars.
    public let column: Int
    /// What is wrong, such as "expected ',' or '}' after object member" or "unterminated string".
    public let reason: String

    /// Creates an error at a 1-based line and column.
    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// "line L, column C: reason".
    public var description: String {
        "line \(line), column \(column): \(reason)"
    }
}
