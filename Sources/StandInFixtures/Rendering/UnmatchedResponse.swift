import NetworkCore

/// The answer to a request no fixture matches: 405 with `Allow` when fixtures answer its path under other methods,
/// else 404; the body an envelope whose message names the nearest fixtures and what differed, and whose data lists
/// them. At a GraphQL endpoint, a GraphQL-shaped error body instead (`GraphQLNoMatch`). The server and
/// `MockRegistry` both answer with it.
public struct UnmatchedResponse: Sendable {
    /// 404, or 405 when the path is answered under other methods.
    public let status: Int
    /// `Allow` for a 405; none for a 404.
    public let headers: [(name: String, value: String)]
    /// The envelope, or the GraphQL error body.
    public let body: [UInt8]
    /// The envelope's code; nil for a GraphQL error body.
    public let envelopeCode: Int?
    /// The nearest fixtures and what differed, nearest first.
    public let nearMisses: [NearMiss]

    /// The answer to the request `facts` describe, which no fixture in `index` matches.
    public init<Request: IncomingRequest>(
        to facts: inout RequestFacts<Request>,
        index: FixtureIndex,
        config: ProjectConfig,
        requestId: String
    ) {
        let request = facts.request
        if MethodPattern.graphQL.matches(request.method), index.answersGraphQL(at: request.path) {
            let (failure, nearMisses) = GraphQLNoMatch.failure(for: &facts, index: index)
            status = failure.status
            headers = []
            body = failure.body
            envelopeCode = nil
            self.nearMisses = nearMisses
            return
        }
        var headers: [(name: String, value: String)] = []
        var status = 404
        if let methods = index.methods(at: request.path), !methods.isEmpty, !methods.contains(request.method) {
            status = 405
            headers.append(("Allow", methods.sorted().joined(separator: ", ")))
        }
        nearMisses = index.nearMisses(for: &facts)
        body = Self.body(
            status: status,
            method: request.method,
            path: request.path,
            nearMisses: nearMisses,
            format: config.envelope,
            requestId: requestId
        )
        self.status = status
        self.headers = headers
        envelopeCode = status
    }

    /// The envelope body for an unmatched request; `status` is also the envelope's code.
    static func body(
        status: Int,
        method: String,
        path: String,
        nearMisses: [NearMiss],
        format: EnvelopeFormat,
        requestId: String
    ) -> [UInt8] {
        let endpoint = "\(method) \(path)"
        var message = "no fixture matches \(endpoint)"
        if let nearest = nearMisses.first {
            message += "; nearest: \(nearest.fixture.id) (\(nearest.fixture.endpoint)): "
            message += nearest.differences.joined(separator: "; ")
        }
        let nearest = nearMisses.map { miss in
            JSONNode(
                .object([
                    member("fixture", .string(miss.fixture.id)),
                    member("endpoint", .string(miss.fixture.endpoint)),
                    member("differences", .array(miss.differences.map { JSONNode(.string($0)) })),
                ])
            )
        }
        let data = JSONNode(.object([member("request", .string(endpoint)), member("nearest", .array(nearest))]))
        return ErrorEnvelope.body(code: status, message: message, data: data, format: format, requestId: requestId)
    }

    private static func member(_ key: String, _ value: JSONNode.Value) -> JSONNode.Member {
        JSONNode.Member(key: key, keyLine: 0, value: JSONNode(value))
    }
}
