extension JSONNode {
    /// Whether this is what a fixture's `graphql` body holds: an object of `data`, `errors` (a non-empty array of
    /// objects with a `message` string) and `extensions`, with `data` or `errors`.
    var isGraphQLResponse: Bool {
        guard case .object(let members) = value, !members.isEmpty,
            members.allSatisfy({ ["data", "errors", "extensions"].contains($0.key) }),
            self["data"] != nil || self["errors"] != nil
        else { return false }
        guard let errors = self["errors"] else { return true }
        guard let entries = errors.elements, !entries.isEmpty else { return false }
        return entries.allSatisfy { $0["message"]?.stringValue != nil }
    }
}
