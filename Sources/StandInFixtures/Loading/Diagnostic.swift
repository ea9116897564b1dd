/// A problem found in a file under the mocks directory, reported as `file:line: reason`.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as a path people can open (the mocks directory joined with the fixture id).
    public let file: String
    /// The 1-based line the problem is on.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `Mocks/users/get.json:12: unknown matcher "startsWith"`.
    public var description: String { "\(file):\(line): \(reason)" }
}
