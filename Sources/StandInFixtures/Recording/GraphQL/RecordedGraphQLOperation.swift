/// One GraphQL operation of a recorded exchange, with its own answer: what becomes one `graphql` fixture. A batch
/// gives one per operation, each paired with the element of the answer at its position.
struct RecordedGraphQLOperation {
    /// The operation, as a replay will read it.
    let operation: GraphQLRequestOperation
    /// The operation alone: for a batch's member, a POST of its JSON with the batch's headers, answered with its
    /// element of the batch's answer (without the digest headers, which covered the whole array).
    let exchange: RecordedExchange

    /// The operations `exchange` carries, or nil when it is not recorded as GraphQL: a POST (JSON or
    /// `application/graphql`) or GET that reads as one operation or a batch, answered (when `answered`) with a JSON
    /// object, or for a batch a JSON array as long as it. A batch's members that are not GraphQL are left out: a
    /// replay answers them with its own error, as the backend did.
    static func operations(in exchange: RecordedExchange, answered: Bool = true) -> [Self]? {
        guard exchange.method == "POST" || exchange.method == "GET" else { return nil }
        var facts = RequestFacts(RecordedRequest(exchange: exchange))
        switch facts.graphQL() {
        case .invalid:
            return nil
        case .operation(let operation):
            if answered {
                guard case .object = answerJSON(of: exchange)?.value else { return nil }
            }
            return [Self(operation: operation, exchange: exchange)]
        case .batch(let members):
            let elements: [JSONNode]
            if answered {
                guard let answers = answerJSON(of: exchange)?.elements, answers.count == members.count else {
                    return nil
                }
                elements = answers
            } else {
                elements = members.map { _ in JSONNode(.null) }
            }
            var operations: [Self] = []
            for (member, element) in zip(members, elements) {
                guard case .operation(let operation) = GraphQLPayload.operation(from: member) else { continue }
                var alone = exchange
                alone.method = "POST"
                alone.requestBody = member.compactBytes
                alone.responseBody = answered ? element.compactBytes : []
                alone.responseHeaders.removeAll { RecordedExchange.isDigest($0.name) }
                operations.append(Self(operation: operation, exchange: alone))
            }
            return operations.isEmpty ? nil : operations
        }
    }

    /// Whether this is a persisted query sent by its hash alone that the backend did not know (Apollo's
    /// `PersistedQueryNotFound`). Such an answer is not recorded: StandIn gives it itself to a hash no fixture knows,
    /// and the fixture recorded when the client sends the document too answers the hash from then on.
    var isUnknownPersistedQuery: Bool {
        guard operation.document == nil, operation.persistedQueryHash != nil,
            let errors = (try? JSONParser.parse(exchange.responseBody))?["errors"]?.elements, !errors.isEmpty
        else { return false }
        return errors.allSatisfy { error in
            error["extensions"]?["code"]?.stringValue == "PERSISTED_QUERY_NOT_FOUND"
                || error["message"]?.stringValue == "PersistedQueryNotFound"
        }
    }

    /// The answer's JSON, when the answer is JSON (by its content type, or without one) and not an event stream.
    private static func answerJSON(of exchange: RecordedExchange) -> JSONNode? {
        let type = exchange.responseHeader(named: "Content-Type")?.lowercased() ?? ""
        guard type.isEmpty || type.contains("json"), !EventStreamMediaType.matches(type) else { return nil }
        return try? JSONParser.parse(exchange.responseBody)
    }
}
