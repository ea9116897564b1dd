extension RecordedMatch {
    /// The query parameters a GraphQL GET carries its operation in: read into the `graphql` matcher, never matched
    /// as a query.
    static let graphQLParameters: Set<String> = ["query", "operationName", "variables", "extensions"]

    /// The `request` of a `graphql` fixture: the path, the query parameters that are not GraphQL's, the match
    /// headers, and `graphql`: the operation's name and its variables, minus `--ignore-body-field` paths
    /// (`variables.nonce`) and secret ones. No method: the fixture answers the operation by POST and by GET.
    ///
    /// Variables match as a subset, so leaving a secret out (as a JSON body's match leaves it out) is what lets the
    /// same request, password and all, replay. An anonymous operation is matched by its document (white space
    /// collapsed), or by its persisted query hash when it came without one; a document that holds a secret, by what
    /// comes before the first one.
    init(
        graphQL operation: GraphQLRequestOperation,
        of exchange: RecordedExchange,
        rules: RecordingRules,
        secrets: SecretIndex
    ) {
        var details: [JSONNode.Member] = []
        let query = Self.query(exchange.rawQuery, rules: rules, secrets: secrets, skipping: Self.graphQLParameters)
        if !query.isEmpty { details.append(Self.member("query", .object(query))) }
        let headers = Self.headers(exchange, rules: rules)
        if !headers.isEmpty { details.append(Self.member("headers", .object(headers))) }
        var graphQL: [JSONNode.Member] = []
        if let name = operation.operationName {
            graphQL.append(Self.member("operationName", .string(name)))
        } else if let document = operation.collapsedDocument {
            graphQL.append(Self.member("query", Self.documentMatcher(document, secrets: secrets)))
        } else if let hash = operation.persistedQueryHash {
            graphQL.append(Self.member("persistedQueryHash", .string(hash)))
        }
        if let variables = Self.variables(of: operation, rules: rules, secrets: secrets) {
            graphQL.append(JSONNode.Member(key: "variables", value: variables))
        }
        // The name says which operation; anything else matched gets the file name a hash.
        hasDetails = !details.isEmpty || graphQL.contains { $0.key != "operationName" }
        node = JSONNode(
            .object(
                Self.hostMember(exchange.host) + [Self.pathMember(exchange.path)] + details
                    + [Self.member("graphql", .object(graphQL))]
            )
        )
    }

    /// The `query` matcher of a document: the document, or when it holds a secret (`login(password: "s3cret")`),
    /// `prefix` with what comes before the first one.
    private static func documentMatcher(_ document: String, secrets: SecretIndex) -> JSONNode.Value {
        let redacted = Redactor.replace(secrets, in: document)
        guard redacted != document else { return .string(document) }
        let kept = zip(document.unicodeScalars, redacted.unicodeScalars).prefix { $0 == $1 }.count
        let prefix = String(String.UnicodeScalarView(document.unicodeScalars.prefix(kept)))
        return .object([member("prefix", .string(prefix))])
    }

    /// The variables a replay must send: those sent, without ignored paths (read from the operation's JSON, as in a
    /// body: `variables.nonce`) and secret ones; nil when none are left.
    private static func variables(
        of operation: GraphQLRequestOperation,
        rules: RecordingRules,
        secrets: SecretIndex
    ) -> JSONNode? {
        guard let variables = operation.variables else { return nil }
        var body = JSONNode.object([("variables", variables)])
        for path in rules.ignoredBodyFields { body = body.removing(path: path).node }
        guard let kept = body["variables"] else { return nil }
        let pruned = prune(kept, redactor: rules.redactor, secrets: secrets).node
        return pruned.members.isEmpty ? nil : pruned
    }
}
