extension ResourceStore {
    /// A request a resource refuses before touching the store.
    struct Refusal: Error {
        let status: Int
        let message: String

        var outcome: ResourceCollection.Outcome { .failure(status: status, message: message) }
    }

    /// `?page=&limit=`: both whole numbers from 1, `limit` at most `maximumPageSize`. Without a limit a page has
    /// `defaultPageSize` items; without a page it is the first.
    static func paging<Request: IncomingRequest>(
        _ facts: inout RequestFacts<Request>
    ) -> Result<(page: Int, limit: Int), Refusal> {
        let pageText = facts.queryValues(named: "page").first
        let limitText = facts.queryValues(named: "limit").first
        guard let page = Int(pageText ?? "1"), page >= 1 else {
            return .failure(Refusal(status: 400, message: "page must be a whole number from 1"))
        }
        guard let limit = Int(limitText ?? String(defaultPageSize)), (1...maximumPageSize).contains(limit) else {
            return .failure(Refusal(status: 400, message: "limit must be a whole number from 1 to \(maximumPageSize)"))
        }
        return .success((page, limit))
    }

    /// The request body as a JSON object: at most `maximumBodyBytes`, valid JSON, an object.
    static func object<Request: IncomingRequest>(in facts: inout RequestFacts<Request>) -> Result<JSONNode, Refusal> {
        let bytes = facts.bodyBytes()
        guard bytes.count <= maximumBodyBytes else {
            return .failure(
                Refusal(
                    status: 413,
                    message: "the body is larger than the \(maximumBodyBytes) bytes a resource accepts"
                )
            )
        }
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            return .failure(Refusal(status: 400, message: "the body is not JSON: \(error.reason)"))
        }
        guard case .object = node.value else {
            return .failure(Refusal(status: 400, message: "the body must be a JSON object, not \(node.typeName)"))
        }
        return .success(node)
    }
}
