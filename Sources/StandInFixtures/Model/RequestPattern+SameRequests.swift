extension RequestPattern {
    /// Whether `other` sets the same method, path, query, header, body and GraphQL conditions, compared as decoded
    /// (header names without case, JSON by value, query and headers in any order), whatever the two hosts: whether
    /// the two accept the same requests where `request.host` is not matched.
    package func acceptsSameRequests(ignoringHost other: RequestPattern) -> Bool {
        method == other.method && path == other.path && Self.byName(query) == Self.byName(other.query)
            && Self.byName(headers) == Self.byName(other.headers) && body == other.body && graphql == other.graphql
    }

    private static func byName(_ fields: [FieldMatcher]) -> [FieldMatcher] {
        fields.sorted { $0.name < $1.name }
    }
}
