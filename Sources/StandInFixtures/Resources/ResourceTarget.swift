/// What a request to a resource is about: the resource, and the item its path names (none for the collection).
/// Found by `ResourceStore.target(of:)`, before a variant is chosen, so that a variant can answer in place of the
/// store.
public struct ResourceTarget: Sendable {
    let slot: ResourceStore.Slot
    /// The path segment after the collection's path, if any.
    let item: String?

    /// The resource as a fixture: its variants, delay and fault.
    public var fixture: Fixture { slot.definition.fixture }

    /// Whether the store answers when `variant` is served; false for a variant that answers in its place.
    public func storeAnswers(in variant: String?) -> Bool {
        variant.map { !slot.definition.replacingVariants.contains($0) } ?? true
    }

    /// Performs the request on the store and answers in the project's envelope.
    public func answer<Request: IncomingRequest>(
        to facts: inout RequestFacts<Request>,
        config: ProjectConfig,
        requestId: String
    ) -> JSONReply {
        JSONReply(perform(facts.request.method, facts: &facts), config: config, requestId: requestId)
    }

    /// Runs one operation under the collection's lock; the body is parsed before the lock is taken.
    private func perform<Request: IncomingRequest>(
        _ method: String,
        facts: inout RequestFacts<Request>
    ) -> ResourceCollection.Outcome {
        let collection = slot.collection
        guard let segment = item else {
            switch method {
            case "GET", "HEAD":
                let paging: (page: Int, limit: Int)
                switch ResourceStore.paging(&facts) {
                case .success(let value): paging = value
                case .failure(let failure): return failure.outcome
                }
                return collection.withLock { $0.list(page: paging.page, limit: paging.limit) }
            case "POST":
                let item: JSONNode
                switch ResourceStore.object(in: &facts) {
                case .success(let value): item = value
                case .failure(let failure): return failure.outcome
                }
                return collection.withLock { $0.create(item) }
            default:
                return Self.notAllowed(method, allow: "GET, HEAD, POST")
            }
        }
        let definition = slot.definition
        guard !ResourceID.hasControlCharacter(segment) else {
            return .failure(status: 400, message: "the id in the path \(ResourceID.controlCharacterRule)")
        }
        guard let id = ResourceID(segment: segment, numeric: definition.numericIDs) else {
            return .failure(status: 404, message: "\(definition.path)/\(segment) does not exist")
        }
        switch method {
        case "GET", "HEAD":
            return collection.withLock { $0.get(id) }
        case "DELETE":
            return collection.withLock { $0.delete(id) }
        case "PUT", "PATCH":
            let body: JSONNode
            switch ResourceStore.object(in: &facts) {
            case .success(let value): body = value
            case .failure(let failure): return failure.outcome
            }
            return collection.withLock { collection in
                method == "PUT" ? collection.replace(id, with: body) : collection.patch(id, with: body)
            }
        default:
            return Self.notAllowed(method, allow: "GET, HEAD, PUT, PATCH, DELETE")
        }
    }

    private static func notAllowed(_ method: String, allow: String) -> ResourceCollection.Outcome {
        .failure(status: 405, message: "\(method) is not allowed here; use \(allow)", headers: [("Allow", allow)])
    }
}
