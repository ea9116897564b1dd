extension FixtureNamer {
    /// The folder, under the recording folder, that GraphQL operations are written to.
    public static let graphQLFolder = "graphql"

    /// The file of a GraphQL operation's fixture, relative to the recording folder: `graphql/GetUser.json`, with a
    /// short hash of the match when it holds more than the operation's name (`graphql/GetUser-1a2b3c4d.json` for
    /// one with variables). An anonymous operation is `graphql/anonymous-1a2b3c4d.json`, matched by its document.
    /// - Parameters:
    ///   - operationName: the operation's name; nil for an anonymous one.
    ///   - matchDigest: a digest of the whole match (hex), used for the short hash.
    ///   - hasDetails: whether the match has more than the operation's name.
    public static func graphQLPath(operationName: String?, matchDigest: String, hasDetails: Bool) -> String {
        var lossy = false
        // GraphQL names are letters, digits and `_` already; a persisted query's name, sent without its document,
        // is the client's to choose.
        var base = sanitize(Substring(operationName ?? "anonymous"), changed: &lossy)
        while base.hasPrefix(".") {
            base.removeFirst()
            lossy = true
        }
        if base.isEmpty {
            base = "anonymous"
            lossy = true
        }
        if base.count > longestBase {
            base = String(base.prefix(longestBase))
            lossy = true
        }
        if hasDetails || lossy || operationName == nil { base += "-" + matchDigest.prefix(8) }
        return "\(graphQLFolder)/\(base).json"
    }
}
