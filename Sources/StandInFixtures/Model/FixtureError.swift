/// Why a fixture or a part of it is invalid, before the file and line are known.
public struct FixtureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, as a sentence fragment a person can act on.
    public let reason: String
    /// The line it concerns, when known.
    public var line: Int?

    /// Creates an error with a reason and, optionally, a line.
    public init(_ reason: String, line: Int? = nil) {
        self.reason = reason
        self.line = line
    }

    public var description: String { reason }
}

extension StringProtocol {
    /// The string in double quotes, for messages: `"profile"`.
    package var quoted: String { "\"\(self)\"" }
}

extension FixtureError {
    /// This error, placed at `line` unless it already names a line.
    func located(at line: Int) -> FixtureError {
        var error = self
        error.line = error.line ?? line
        return error
    }
}
