/// An OpenAPI path (`/v1/pets/{petId}`, `/files/{name}.json`) read into segments, matched against a request's path
/// segment by segment, capturing its parameters.
struct PathTemplate: Sendable {
    /// One `/`-separated segment of the template.
    enum Segment: Sendable, Hashable {
        /// Text the request's segment must equal.
        case literal(String)
        /// A whole segment that is one parameter: `{petId}`.
        case parameter(String)
        /// Text and parameters mixed: `{name}.json`, `v{major}.{minor}`.
        case mixed([Part])
    }

    /// A piece of a mixed segment.
    enum Part: Sendable, Hashable {
        /// Text matched exactly.
        case text(String)
        /// A parameter, at least one character long.
        case parameter(String)
    }

    /// The segments after the leading `/`.
    let segments: [Segment]

    /// How many steps matching one mixed segment may take.
    static let mixedSegmentBudget = 4096

    /// Reads `path`.
    init(_ path: String) {
        let body = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        segments = body.split(separator: "/", omittingEmptySubsequences: false).map(Self.segment)
    }

    /// Whether the template has no parameter.
    var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// The text of the first segment when it is literal: the bucket a lookup starts in.
    var firstLiteral: String? {
        guard case .literal(let text) = segments.first else { return nil }
        return text
    }

    /// Whether this template is preferred over `other` for a path both match: at the first segment where they differ
    /// in kind, a literal beats a mixed segment, which beats a whole parameter.
    func isMoreSpecific(than other: PathTemplate) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) where mine.rank != theirs.rank {
            return mine.rank > theirs.rank
        }
        return false
    }

    /// The parameters of `path` (split into segments) captured by name, or nil when it does not match.
    func match(_ path: [Substring]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var captures: [String: String] = [:]
        for (segment, text) in zip(segments, path) {
            switch segment {
            case .literal(let literal):
                guard text == literal else { return nil }
            case .parameter(let name):
                guard !text.isEmpty else { return nil }
                captures[name] = String(text)
            case .mixed(let parts):
                var budget = Self.mixedSegmentBudget
                guard Self.match(parts[...], text, into: &captures, budget: &budget) else { return nil }
            }
        }
        return captures
    }

    /// Matches a mixed segment as a regular expression with a greedy `[^/]+` per parameter would: each parameter
    /// takes the longest text after which the rest of the segment still matches. Each attempt spends `budget`, so a
    /// long segment of repeated separators gives up (no match) instead of backtracking without end.
    private static func match(
        _ parts: ArraySlice<Part>,
        _ text: Substring,
        into captures: inout [String: String],
        budget: inout Int
    ) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        guard let part = parts.first else { return text.isEmpty }
        let rest = parts.dropFirst()
        switch part {
        case .text(let literal):
            return text.hasPrefix(literal)
                && match(rest, text.dropFirst(literal.count), into: &captures, budget: &budget)
        case .parameter(let name):
            guard !text.isEmpty else { return false }
            guard case .text(let literal) = rest.first else {
                captures[name] = String(text)
                return rest.isEmpty
            }
            for found in text.ranges(of: literal).reversed() where found.lowerBound > text.startIndex {
                if match(rest, text[found.lowerBound...], into: &captures, budget: &budget) {
                    captures[name] = String(text[..<found.lowerBound])
                    return true
                }
            }
            return false
        }
    }

    private static func segment(_ text: Substring) -> Segment {
        guard text.contains("{") else { return .literal(String(text)) }
        if text.first == "{", text.last == "}", text.count > 2,
            !text.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" })
        {
            return .parameter(String(text.dropFirst().dropLast()))
        }
        var parts: [Part] = []
        var rest = text
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            parts.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return .mixed(parts)
    }
}

extension PathTemplate.Segment {
    /// 2 for a literal, 1 for a mixed segment, 0 for a whole parameter.
    fileprivate var rank: Int {
        switch self {
        case .literal: 2
        case .mixed: 1
        case .parameter: 0
        }
    }
}
