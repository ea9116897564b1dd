/// Why a source could not be imported at all, naming the file and, where known, the line: nothing is written then.
public struct ImportSourceError: Error, CustomStringConvertible {
    /// The source file as the user named it.
    public let file: String
    /// The 1-based line the problem is on, when known.
    public let line: Int?
    /// What is wrong, as one plain sentence.
    public let reason: String
    /// The error underneath, when there is one (a syntax error, a failed read).
    public let underlying: (any Error)?

    /// Creates an error about `file`, at `line` when known.
    public init(file: String, line: Int? = nil, reason: String, underlying: (any Error)? = nil) {
        self.file = file
        self.line = line
        self.reason = reason
        self.underlying = underlying
    }

    /// `file:line: reason`, or `file: reason`.
    public var description: String {
        line.map { "\(file):\($0): \(reason)" } ?? "\(file): \(reason)"
    }
}
