/// A `--spec` file that cannot be used as a contract: unreadable, not JSON or YAML, or not OpenAPI.
public struct SpecLoadError: Error, CustomStringConvertible {
    /// The file, as it was given.
    public let file: String
    /// What is wrong, naming the file, with the line (and column, for a syntax error) where there is one.
    public let reason: String
    /// The reader's or the contract's own error.
    public let underlying: any Error

    /// An error for `file` saying `reason`, caused by `underlying`.
    public init(file: String, reason: String, underlying: any Error) {
        self.file = file
        self.reason = reason
        self.underlying = underlying
    }

    /// `api.yaml is not valid YAML or JSON: line 3, column 7: could not find expected ':'`.
    public var description: String { reason }
}
