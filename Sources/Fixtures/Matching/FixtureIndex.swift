/// The loaded fixtures, arranged for matching: a literal path is one hash lookup; template and regex paths are
/// tried in precedence order only when they could beat the literal candidate.
///
/// Precedence: higher `priority` first; then literal, template, regex paths; then preferred fixtures (those added at
/// run time, newest first); then the fixture with more conditions (query, headers, body); then the fixture id.
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

    /// Indexes `fixtures`, and `preferred` ones that beat them when priority and path kind tie: the last preferred
    /// fixture first (the admin API's run-time fixtures, so that the newest one overrides a file).
    public init(_ fixtures: [Fixture], preferred: [Fixture] = []) {
        self.fixtures = (fixtures + preferred).sorted { $0.id < $1.id }
        var preference: [ObjectIdentifier: Int] = [:]
        for (order, fixture) in preferred.enumerated() { preference[ObjectIdentifier(fixture)] = order + 1 }
        let byPrecedence = self.fixtures.sorted { lhs, rhs in
            Self.precedes(lhs, rhs, preference: preference)
        }
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
    }

    /// The fixture that answers `request`, if any. Inlinable, so the server's call is specialized for its request
    /// type: this runs for every request.
    @inlinable
    public func match<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Match? {
        let path = facts.request.path
        var best: Fixture?
        for fixture in literalPaths[path] ?? [] where fixture.request.accepts(&facts) {
            best = fixture
            break
        }
        for fixture in patternedPaths {
            if let best, best.priority >= fixture.priority { break }
            guard fixture.request.method.matches(facts.request.method),
                let captures = fixture.request.path.match(path), fixture.request.acceptsConditions(&facts)
            else { continue }
            return Match(fixture: fixture, captures: captures)
        }
        return best.map { Match(fixture: $0, captures: []) }
    }

    private static func precedes(_ lhs: Fixture, _ rhs: Fixture, preference: [ObjectIdentifier: Int]) -> Bool {
        if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
        if lhs.request.path.rank != rhs.request.path.rank { return lhs.request.path.rank < rhs.request.path.rank }
        let lhsPreference = preference[ObjectIdentifier(lhs)] ?? 0
        let rhsPreference = preference[ObjectIdentifier(rhs)] ?? 0
        if lhsPreference != rhsPreference { return lhsPreference > rhsPreference }
        if lhs.request.literalSegmentCount != rhs.request.literalSegmentCount {
            return lhs.request.literalSegmentCount > rhs.request.literalSegmentCount
        }
        if lhs.request.specificity != rhs.request.specificity {
            return lhs.request.specificity > rhs.request.specificity
        }
        return lhs.id < rhs.id
    }
}

extension RequestPattern {
    /// Whether method, path (literal only; callers match other paths) and conditions accept the request.
    @inlinable
    func accepts<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Bool {
        method.matches(facts.request.method) && acceptsConditions(&facts)
    }

    /// Whether the query, header and body conditions accept the request.
    @inlinable
    func acceptsConditions<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Bool {
        for field in query where !field.matcher.matches(facts.queryValues(named: field.name)) { return false }
        for field in headers where !field.matcher.matches(facts.request.header(named: field.name).map { [$0] } ?? []) {
            return false
        }
        return body?.matches(&facts) ?? true
    }

    /// Template paths with more literal segments are more specific (`/users/me/{x}` before `/users/{id}/{x}`).
    var literalSegmentCount: Int {
        guard case .template(let template) = path else { return 0 }
        return template.segments.count { if case .literal = $0 { true } else { false } }
    }
}
