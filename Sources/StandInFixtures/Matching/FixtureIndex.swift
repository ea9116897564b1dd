/// The loaded fixtures, arranged for matching: a literal path is one hash lookup; template and regex paths are
/// tried in precedence order only when they could beat the literal candidate.
///
/// Precedence: higher `priority` first; then literal, template, regex paths; then a fixture with a `request.host`
/// (pinned to a host, so more specific than one answering every host); then preferred fixtures (those added at run
/// time, newest first); then the fixture with more conditions (query, headers, body); then the fixture id. The host
/// counts on every port, so where hosts are not matched a host-pinned fixture still beats an otherwise equal one
/// without; it never beats a more literal path.
public struct FixtureIndex: Sendable {
    /// A fixture that answers a request, with the path parameters it captured.
    public struct Match: Sendable {
        /// The fixture.
        public let fixture: Fixture
        /// The captured path parameters, in order.
        public let captures: [(name: String, value: String)]

        @usableFromInline
        init(fixture: Fixture, captures: [(name: String, value: String)]) {
            self.fixture = fixture
            self.captures = captures
        }
    }

    /// Every fixture, ordered by id.
    public let fixtures: [Fixture]
    @usableFromInline let literalPaths: [String: [Fixture]]
    @usableFromInline let patternedPaths: [Fixture]
    /// The paths of the fixtures that answer GraphQL operations: requests there are read as GraphQL when nothing
    /// matches them (batches, GraphQL-shaped errors).
    let graphQLPaths: [PathPattern]
    /// The distinct `request.host`s of the fixtures, sorted: the hosts the proxy intercepts for them.
    public let hostPatterns: [HostPattern]

    /// Indexes `fixtures`, and `preferred` ones that beat them when priority, host and path kind tie: the last
    /// preferred fixture first (the admin API's run-time fixtures, so that the newest one overrides a file).
    public init(_ fixtures: [Fixture], preferred: [Fixture] = []) {
        let byID = (fixtures + preferred).sorted { $0.id < $1.id }
        self.fixtures = byID
        var preference: [ObjectIdentifier: Int] = [:]
        for (order, fixture) in preferred.enumerated() { preference[ObjectIdentifier(fixture)] = order + 1 }
        let byPrecedence = byID.enumerated()
            .map { position, fixture in
                PrecedenceKey(fixture, preference: preference[ObjectIdentifier(fixture)] ?? 0, position: position)
            }
            .sorted()
            .map { byID[$0.position] }
        var literalPaths: [String: [Fixture]] = [:]
        var patternedPaths: [Fixture] = []
        for fixture in byPrecedence {
            if case .literal(let path) = fixture.request.path {
                literalPaths[path, default: []].append(fixture)
            } else {
                patternedPaths.append(fixture)
            }
        }
        self.literalPaths = literalPaths
        self.patternedPaths = patternedPaths
        graphQLPaths = byPrecedence.filter { $0.request.graphql != nil }.map(\.request.path)
        hostPatterns = Set(byID.compactMap(\.request.host)).sorted { $0.description < $1.description }
    }

    /// Whether a fixture answers GraphQL operations at `path`.
    public func answersGraphQL(at path: String) -> Bool {
        graphQLPaths.contains { $0.match(path) != nil }
    }

    /// The fixture that answers `request`, if any; a `HEAD` request no fixture answers is answered by the fixture
    /// that answers it as `GET`. Inlinable, so the server's call is specialized for its request type: this runs for
    /// every request.
    @inlinable
    public func match<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Match? {
        let method = facts.request.method
        if let match = match(&facts, as: method) { return match }
        return method == "HEAD" ? match(&facts, as: "GET") : nil
    }

    /// The fixture that answers `request` as if its method were `method`.
    @inlinable
    func match<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>, as method: String) -> Match? {
        let path = facts.request.path
        var best: Fixture?
        for fixture in literalPaths[path] ?? [] where fixture.request.accepts(&facts, as: method) {
            best = fixture
            break
        }
        for fixture in patternedPaths {
            if let best, best.priority >= fixture.priority { break }
            guard fixture.request.method.matches(method),
                let captures = fixture.request.path.match(path), fixture.request.acceptsConditions(&facts)
            else { continue }
            return Match(fixture: fixture, captures: captures)
        }
        return best.map { Match(fixture: $0, captures: []) }
    }

    /// The methods fixtures answer at `path`, whatever their other conditions, with `HEAD` wherever `GET` is; nil
    /// when a fixture there answers any method. Empty when no fixture has the path.
    public func methods(at path: String) -> Set<String>? {
        var methods: Set<String> = []
        let atPath = (literalPaths[path] ?? []) + patternedPaths.filter { $0.request.path.match(path) != nil }
        for fixture in atPath {
            switch fixture.request.method {
            case .any: return nil
            case .exact(let method): methods.insert(method)
            case .graphQL: methods.formUnion(["GET", "POST"])
            }
        }
        if methods.contains("GET") { methods.insert("HEAD") }
        return methods
    }

    /// What orders fixtures by precedence, read from each fixture once instead of once per comparison; `position`
    /// (in id order) stands for the id.
    private struct PrecedenceKey: Comparable {
        let priority: Int
        let pinsHost: Bool
        let rank: Int
        let preference: Int
        let literalSegmentCount: Int
        let specificity: Int
        let position: Int

        init(_ fixture: Fixture, preference: Int, position: Int) {
            priority = fixture.priority
            pinsHost = fixture.request.host != nil
            rank = fixture.request.path.rank
            self.preference = preference
            literalSegmentCount = fixture.request.literalSegmentCount
            specificity = fixture.request.specificity
            self.position = position
        }

        /// Whether `lhs` comes first: higher priority, lower path rank, a host, later preferred, more literal
        /// segments, more conditions, then the lower id.
        static func < (lhs: Self, rhs: Self) -> Bool {
            if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            if lhs.pinsHost != rhs.pinsHost { return lhs.pinsHost }
            if lhs.preference != rhs.preference { return lhs.preference > rhs.preference }
            if lhs.literalSegmentCount != rhs.literalSegmentCount {
                return lhs.literalSegmentCount > rhs.literalSegmentCount
            }
            if lhs.specificity != rhs.specificity { return lhs.specificity > rhs.specificity }
            return lhs.position < rhs.position
        }
    }
}

extension RequestPattern {
    /// Whether `method`, the path (literal only; callers match other paths) and the conditions accept the request.
    @inlinable
    func accepts<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>, as method: String) -> Bool {
        self.method.matches(method) && acceptsConditions(&facts)
    }

    /// Whether the host, query, header and body conditions accept the request; the host only when the request came
    /// through the proxy.
    @inlinable
    func acceptsConditions<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Bool {
        if let host, let proxyHost = facts.request.proxyHost, !host.matches(proxyHost) { return false }
        for field in query where !field.matcher.matches(facts.queryValues(named: field.name)) { return false }
        for field in headers where !field.matcher.matches(facts.request.header(named: field.name).map { [$0] } ?? []) {
            return false
        }
        if let body, !body.matches(&facts) { return false }
        return graphql?.matches(&facts) ?? true
    }

    /// Template paths with more literal segments are more specific (`/users/me/{x}` before `/users/{id}/{x}`).
    var literalSegmentCount: Int {
        guard case .template(let template) = path else { return 0 }
        return template.segments.count { if case .literal = $0 { true } else { false } }
    }
}
