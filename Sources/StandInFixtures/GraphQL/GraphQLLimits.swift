/// How much GraphQL a request may carry: past these, it is answered with 413 (`STANDIN_LIMIT`) before any work
/// that grows with it.
public enum GraphQLLimits {
    /// The most operations one batch may hold.
    public static let maxBatchOperations = 100
    /// The longest document read, in bytes (real documents are a few kilobytes).
    public static let maxDocumentBytes = 262_144
    /// The deepest nesting of `{`, `(` and `[` a document may have: the parser descends once per level.
    public static let maxNestingDepth = 128
}
