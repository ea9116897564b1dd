/// Something an import could not carry over, said where it came from and why: an import drops nothing silently.
public struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    /// The source file or entry: `capture.har entries[12]`, `mappings/users.json`, `paths./pets GET`.
    public let source: String
    /// The field of that entry: `response.content.text`, `request.bodyPatterns[0].matchesXPath`.
    public let field: String
    /// Why it was not carried over, as one plain sentence.
    public let reason: String

    public init(source: String, field: String, reason: String) {
        self.source = source
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(source): \(field): \(reason)" }
}
