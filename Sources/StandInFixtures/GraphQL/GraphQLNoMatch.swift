/// The GraphQL-shaped answer to a request at a GraphQL endpoint that no fixture answers: the request's own failure
/// (a document that does not parse: 400; a persisted query for a hash no fixture knows: Apollo's
/// `PersistedQueryNotFound`), else 404 `STANDIN_NO_MATCH` naming the nearest operations and what differed.
enum GraphQLNoMatch {
    /// The failure to answer the request `facts` describe with, and the near misses it names.
    static func failure<Request: IncomingRequest>(
        for facts: inout RequestFacts<Request>,
        index: FixtureIndex
    ) -> (GraphQLFailure, [NearMiss]) {
        let operation: GraphQLRequestOperation
        switch facts.graphQL() {
        case .invalid(let failure): return (failure, [])
        case .batch: return (.badRequest("a batch cannot be a member of a batch"), [])
        case .operation(let read): operation = read
        }
        if operation.document == nil, operation.persistedQueryHash != nil { return (.persistedQueryNotFound, []) }
        let nearMisses = index.nearMisses(for: &facts).filter { $0.fixture.request.graphql != nil }
        let asked = operation.operationName.map { "the GraphQL operation \($0)" } ?? "the anonymous GraphQL operation"
        var message = "no fixture matches \(asked)"
        if let nearest = nearMisses.first, let matcher = nearest.fixture.request.graphql {
            message += "; nearest: \(nearest.fixture.id) (\(matcher)): "
            message += nearest.differences.joined(separator: "; ")
        }
        return (GraphQLFailure(status: 404, code: "STANDIN_NO_MATCH", message), nearMisses)
    }
}
