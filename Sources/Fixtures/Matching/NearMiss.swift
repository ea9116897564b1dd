/// A fixture that almost answered a request, and what differed: the diagnosis an unmatched request gets.
public struct NearMiss: Sendable {
    /// The fixture.
    public let fixture: Fixture
    /// What differed, one sentence each: `query "page": expected equals "2", got "3"`.
    public let differences: [String]
    /// Lower is nearer.
    let distance: Int
}

extension FixtureIndex {
    /// The fixtures nearest to answering `request`, nearest first.
    public func nearMisses<Request: IncomingRequest>(
        for facts: inout RequestFacts<Request>,
        limit: Int = 3
    )
        -> [NearMiss]
    {
        let misses = fixtures.map { $0.request.nearMiss(of: $0, for: &facts) }
        return Array(misses.sorted { ($0.distance, $0.fixture.id) < ($1.distance, $1.fixture.id) }.prefix(limit))
    }
}

extension RequestPattern {
    fileprivate func nearMiss<Request: IncomingRequest>(
        of fixture: Fixture,
        for facts: inout RequestFacts<Request>
    )
        -> NearMiss
    {
        var differences: [String] = []
        var distance = 0
        let request = facts.request
        if !method.matches(request.method) {
            differences.append("method is \(request.method), fixture expects \(method)")
            distance += 3
        }
        if path.match(request.path) == nil {
            // The path is what people look at first; listing conditions of another endpoint would be noise.
            differences.append("path \(request.path) does not match \(path)")
            distance += 10 + path.segmentDistance(to: request.path)
            return NearMiss(fixture: fixture, differences: differences, distance: distance)
        }
        for field in query {
            let values = facts.queryValues(named: field.name)
            guard !field.matcher.matches(values) else { continue }
            differences.append("query \(field.name.quoted): expected \(field.matcher), got \(Self.describe(values))")
            distance += 1
        }
        for field in headers {
            let values = request.header(named: field.name).map { [$0] } ?? []
            guard !field.matcher.matches(values) else { continue }
            differences.append("header \(field.name.quoted): expected \(field.matcher), got \(Self.describe(values))")
            distance += 1
        }
        if let body, !body.matches(&facts) {
            differences.append("body: expected \(body)")
            distance += 1
        }
        return NearMiss(fixture: fixture, differences: differences, distance: distance)
    }

    private static func describe(_ values: [String]) -> String {
        values.isEmpty ? "none" : values.map(\.quoted).joined(separator: ", ")
    }
}

extension PathPattern {
    /// How many segments differ from `path`, compared from the start: a rough measure of how far apart paths are.
    fileprivate func segmentDistance(to path: String) -> Int {
        let requested = path.split(separator: "/")
        let expected = description.split(separator: "/")
        let common = zip(requested, expected).prefix { $0 == $1 || $1.hasPrefix("{") }.count
        return max(requested.count, expected.count) - common
    }
}
