import StandInSupport

/// The state of every `"resource"` fixture: each collection's items, changed one operation at a time under one lock,
/// so that concurrent writes never lose an update. The server and `MockRegistry` each hold one and answer through it.
public final class ResourceStore: Sendable {
    /// The largest write body a resource accepts; a larger one is answered 413.
    public static let maximumBodyBytes = 1 << 20
    /// The most items one resource keeps; a create beyond it is answered 507.
    public static let maximumItems = 100_000
    /// The largest `limit` a list accepts.
    public static let maximumPageSize = 10_000

    private let collections: Locked<[ResourceCollection]>
    /// The paths of the collections, in the order of `collections`.
    private let paths: [String]
    private let definitions: [ResourceDefinition]

    /// A store holding each definition's seed.
    public init(_ definitions: [ResourceDefinition]) {
        collections = Locked(definitions.map(ResourceCollection.init))
        paths = definitions.map(\.path)
        self.definitions = definitions
    }

    /// Another store of the same resources, each at its seed: a session's, beside this one.
    public func seededCopy() -> ResourceStore {
        ResourceStore(definitions)
    }

    /// Whether there are no resources at all.
    public var isEmpty: Bool { paths.isEmpty }

    /// Every collection back to its seed.
    public func reset() {
        collections.withLock { collections in
            for index in collections.indices { collections[index].reset() }
        }
    }

    /// The answer to a request for a resource, or nil when the request's path is no resource's.
    public func answer<Request: IncomingRequest>(
        to facts: inout RequestFacts<Request>,
        config: ProjectConfig,
        requestId: String
    ) -> JSONReply? {
        guard !isEmpty, let route = route(PercentDecoding.decode(Substring(facts.request.path))) else { return nil }
        let outcome = perform(facts.request.method, on: route, facts: &facts)
        return JSONReply(outcome, config: config, requestId: requestId)
    }

    /// Where a path leads: a collection, and one of its items when the path names one.
    struct Route {
        let collection: Int
        let item: String?
    }

    private func route(_ path: String) -> Route? {
        for (index, base) in paths.enumerated() where path.hasPrefix(base) {
            let rest = path.dropFirst(base.count)
            if rest.isEmpty || rest == "/" { return Route(collection: index, item: nil) }
            guard rest.first == "/" else { continue }
            let segment = rest.dropFirst()
            guard !segment.contains("/") else { continue }
            return Route(collection: index, item: String(segment))
        }
        return nil
    }

    /// Runs one operation under the lock; the body is parsed before the lock is taken.
    private func perform<Request: IncomingRequest>(
        _ method: String,
        on route: Route,
        facts: inout RequestFacts<Request>
    ) -> ResourceCollection.Outcome {
        guard let segment = route.item else {
            switch method {
            case "GET", "HEAD":
                let paging: (page: Int, limit: Int?)
                switch Self.paging(&facts) {
                case .success(let value): paging = value
                case .failure(let failure): return failure.outcome
                }
                return collections.withLock { $0[route.collection].list(page: paging.page, limit: paging.limit) }
            case "POST":
                let item: JSONNode
                switch Self.object(in: &facts) {
                case .success(let value): item = value
                case .failure(let failure): return failure.outcome
                }
                return collections.withLock { $0[route.collection].create(item) }
            default:
                return Self.notAllowed(method, allow: "GET, HEAD, POST")
            }
        }
        let id = collections.withLock { $0[route.collection].itemID(segment: segment) }
        guard let id else {
            return .failure(status: 404, message: "\(paths[route.collection])/\(segment) does not exist")
        }
        switch method {
        case "GET", "HEAD":
            return collections.withLock { $0[route.collection].get(id) }
        case "DELETE":
            return collections.withLock { $0[route.collection].delete(id) }
        case "PUT", "PATCH":
            let body: JSONNode
            switch Self.object(in: &facts) {
            case .success(let value): body = value
            case .failure(let failure): return failure.outcome
            }
            return collections.withLock { collections in
                method == "PUT"
                    ? collections[route.collection].replace(id, with: body)
                    : collections[route.collection].patch(id, with: body)
            }
        default:
            return Self.notAllowed(method, allow: "GET, HEAD, PUT, PATCH, DELETE")
        }
    }

    private static func notAllowed(_ method: String, allow: String) -> ResourceCollection.Outcome {
        .failure(status: 405, message: "\(method) is not allowed here; use \(allow)", headers: [("Allow", allow)])
    }
}
