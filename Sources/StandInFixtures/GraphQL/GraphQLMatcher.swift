/// A fixture's `request.graphql`: which GraphQL operations it answers. Every condition it sets must hold; it never
/// matches a request that is not one GraphQL operation (a batch's members are matched one by one).
///
/// A class: a request pattern holds a reference, so that a fixture without one pays a nil check per request.
public final class GraphQLMatcher: Sendable, Equatable, CustomStringConvertible {
    /// The operation's name (`"GetUser"`, or a string matcher).
    public let operationName: ValueMatcher?
    /// Variables the request must send: a subset, as a body `json` matcher reads it.
    public let variables: JSONNode?
    /// The document with white space collapsed (`GraphQLRequestOperation.collapsedDocument`).
    public let query: ValueMatcher?
    /// `extensions.persistedQuery.sha256Hash`, lower-cased.
    public let persistedQueryHash: String?

    /// A matcher with the conditions given; none matches any single operation.
    public init(
        operationName: ValueMatcher? = nil,
        variables: JSONNode? = nil,
        query: ValueMatcher? = nil,
        persistedQueryHash: String? = nil
    ) {
        self.operationName = operationName
        self.variables = variables
        self.query = query
        self.persistedQueryHash = persistedQueryHash
    }

    /// How many conditions the matcher sets, at least one: what it adds to its fixture's specificity.
    public var conditionCount: Int {
        let named = [operationName != nil, query != nil, persistedQueryHash != nil].count { $0 }
        return max(1, named + (variables?.members.count ?? 0))
    }

    /// Whether the request is one operation that meets every condition.
    public func matches<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Bool {
        guard case .operation(let operation) = facts.graphQL() else { return false }
        return accepts(operation)
    }

    /// Whether `operation` meets every condition: what `differences(from:)` says without saying it, stopping at the
    /// first that fails.
    public func accepts(_ operation: GraphQLRequestOperation) -> Bool {
        if let operationName, !Self.matches(operationName, operation.operationName) { return false }
        if let persistedQueryHash, operation.persistedQueryHash != persistedQueryHash { return false }
        if let variables {
            for member in variables.members {
                guard let value = operation.variables?[member.key], value.contains(member.value) else { return false }
            }
        }
        if let query, !Self.matches(query, operation.collapsedDocument) { return false }
        return true
    }

    /// Whether `matcher` accepts `value`, or its absence (only `"present": false` does).
    private static func matches(_ matcher: ValueMatcher, _ value: String?) -> Bool {
        if let value { return matcher.matches(CollectionOfOne(value)) }
        return matcher.matches(EmptyCollection<String>())
    }

    /// What of `operation` differs from this matcher, one phrase each: `operationName is "GetUsers", expected
    /// equals "GetUser"`, `variable "id" is "7", expected "42"`.
    public func differences(from operation: GraphQLRequestOperation) -> [String] {
        var differences: [String] = []
        if let operationName, !Self.matches(operationName, operation.operationName) {
            let actual = operation.operationName.map(\.quoted) ?? "absent"
            differences.append("operationName is \(actual), expected \(operationName)")
        }
        if let variables {
            differences += Self.variableDifferences(expected: variables, actual: operation.variables)
        }
        if let query, !Self.matches(query, operation.collapsedDocument) {
            differences.append("query does not match: expected \(query)")
        }
        if let persistedQueryHash, operation.persistedQueryHash != persistedQueryHash {
            differences.append(
                "persistedQueryHash is \(operation.persistedQueryHash.map(\.quoted) ?? "absent"), expected "
                    + persistedQueryHash.quoted
            )
        }
        return differences
    }

    /// One phrase per expected variable the request lacks or sends otherwise.
    private static func variableDifferences(expected: JSONNode, actual: JSONNode?) -> [String] {
        expected.members.compactMap { member in
            guard let value = actual?[member.key] else { return "variable \(member.key.quoted) is absent" }
            guard !value.contains(member.value) else { return nil }
            return "variable \(member.key.quoted) is \(value.compactString), expected \(member.value.compactString)"
        }
    }

    /// How `standin list` and diagnostics show the matcher: `GetUser {"id":"42"}`.
    public var description: String {
        var parts: [String] = []
        if let operationName {
            if case .equals(let name) = operationName { parts.append(name) } else { parts.append("\(operationName)") }
        }
        if let variables { parts.append(variables.compactString) }
        if let query { parts.append("query \(query)") }
        if let persistedQueryHash { parts.append("hash \(persistedQueryHash.prefix(12))…") }
        return parts.isEmpty ? "any operation" : parts.joined(separator: " ")
    }

    /// Whether two matchers set the same conditions (variables compared as JSON).
    public static func == (lhs: GraphQLMatcher, rhs: GraphQLMatcher) -> Bool {
        lhs.operationName == rhs.operationName && lhs.variables == rhs.variables && lhs.query == rhs.query
            && lhs.persistedQueryHash == rhs.persistedQueryHash
    }
}
