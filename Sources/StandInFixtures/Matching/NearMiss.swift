/// A fixture that almost answered a request, and what differed: the diagnosis an unmatched request gets.
public struct NearMiss: Sendable {
    /// The fixture.
    public let fixture: Fixture
    /// What differed, one sentence each: `query "page": expected equals "2", got "3"`.
    public let differences: [String]
    /// Whether a regular expression of the fixture was not tried because its input was longer than
    /// `TextPattern.maxInputBytes`.
    public let skippedLongInput: Bool
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
    /// How far the request is from `fixture` (whose pattern this is), and what differed.
    package func nearMiss<Request: IncomingRequest>(
        of fixture: Fixture,
        for facts: inout RequestFacts<Request>
    )
        -> NearMiss
    {
        var differences: [String] = []
        var distance = 0
        var skippedLongInput = false
        let request = facts.request
        // Another host is another API: like another method, not worth the conditions' cost below.
        var hostDiffers = false
        if let host, let proxyHost = request.proxyHost, !host.matches(proxyHost) {
            differences.append("host \(HostPattern.hostName(proxyHost).quoted) is not \(host)")
            distance += 3
            hostDiffers = true
        }
        let methodDiffers = !method.matches(request.method)
        if methodDiffers {
            differences.append("method is \(request.method), fixture expects \(method)")
            distance += 3
        }
        if path.match(request.path) == nil {
            // The path is what people look at first; listing conditions of another endpoint would be noise.
            if case .regex(let pattern) = path, !pattern.accepts(request.path) {
                differences.append("path is \(request.path.utf8.count) bytes, \(Self.tooLong(for: pattern))")
                skippedLongInput = true
            } else {
                differences.append("path \(request.path) does not match \(path)")
            }
            distance += 10 + path.segmentDistance(to: request.path)
            return NearMiss(
                fixture: fixture,
                differences: differences,
                skippedLongInput: skippedLongInput,
                distance: distance
            )
        }
        // Another method or host is another endpoint too; its conditions (regular expressions, the body) are not
        // worth their cost for a diagnosis.
        guard !methodDiffers, !hostDiffers else {
            return NearMiss(fixture: fixture, differences: differences, skippedLongInput: false, distance: distance)
        }
        for field in query {
            let values = facts.queryValues(named: field.name)
            guard !field.matcher.matches(values) else { continue }
            let skipping = Self.skippingPattern(field.matcher, values)
            differences.append(
                "query \(field.name.quoted): expected \(field.matcher), got \(Self.describe(values))"
                    + (skipping.map { ", \(Self.tooLong(for: $0))" } ?? "")
            )
            skippedLongInput = skippedLongInput || skipping != nil
            distance += 1
        }
        for field in headers {
            let values = request.header(named: field.name).map { [$0] } ?? []
            guard !field.matcher.matches(values) else { continue }
            let skipping = Self.skippingPattern(field.matcher, values)
            differences.append(
                "header \(field.name.quoted): expected \(field.matcher), got \(Self.describe(values))"
                    + (skipping.map { ", \(Self.tooLong(for: $0))" } ?? "")
            )
            skippedLongInput = skippedLongInput || skipping != nil
            distance += 1
        }
        if let body, !body.matches(&facts) {
            if case .regex(let pattern) = body, facts.bodyBytes().count > pattern.maxInputBytes {
                differences.append(
                    "body: expected \(body), got \(facts.bodyBytes().count) bytes, \(Self.tooLong(for: pattern))"
                )
                skippedLongInput = true
            } else {
                differences.append("body: expected \(body)")
            }
            distance += 1
        }
        if let graphql {
            let mismatches =
                if case .operation(let operation) = facts.graphQL() {
                    graphql.differences(from: operation)
                } else {
                    ["the request is not one GraphQL operation"]
                }
            differences += mismatches
            distance += mismatches.count
        }
        return NearMiss(
            fixture: fixture,
            differences: differences,
            skippedLongInput: skippedLongInput,
            distance: distance
        )
    }

    private static func tooLong(for pattern: TextPattern) -> String {
        "longer than the \(pattern.maxInputBytes) bytes this regular expression reads, so not matched"
    }

    /// The pattern of a regex matcher that did not read one of `values` for its length.
    private static func skippingPattern(_ matcher: ValueMatcher, _ values: [String]) -> TextPattern? {
        guard case .regex(let pattern) = matcher, values.contains(where: { !pattern.accepts($0) }) else { return nil }
        return pattern
    }

    /// The values as a diagnosis shows them: quoted, a long one cut short with its length.
    private static func describe(_ values: [String]) -> String {
        guard !values.isEmpty else { return "none" }
        return values.map { value in
            value.utf8.count <= 100 ? value.quoted : "\(String(value.prefix(40)).quoted)… (\(value.utf8.count) bytes)"
        }
        .joined(separator: ", ")
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
