/// The path a fixture answers: a literal path, a template with `{name}` segments, or a regular expression.
public enum PathPattern: Sendable, Equatable, CustomStringConvertible {
    /// Exactly this path (`/users/me`).
    case literal(String)
    /// Segments that are literal or capture a whole segment (`/users/{id}`).
    case template(PathTemplate)
    /// A regular expression the whole path must match; its named groups capture like `{name}` segments.
    case regex(TextPattern)

    /// Literal beats template beats regex when priorities tie; lower ranks win.
    public var rank: Int {
        switch self {
        case .literal: 0
        case .template: 1
        case .regex: 2
        }
    }

    /// The path's captures if `path` matches, else nil. A literal match captures nothing.
    public func match(_ path: String) -> [(name: String, value: String)]? {
        switch self {
        case .literal(let literal): literal == path ? [] : nil
        case .template(let template): template.match(path)
        case .regex(let pattern): pattern.wholeMatchCaptures(path)
        }
    }

    public var description: String {
        switch self {
        case .literal(let literal): literal
        case .template(let template): template.source
        case .regex(let pattern): "~\(pattern.source)"
        }
    }
}

/// A path template such as `/users/{id}/orders/{orderId}`.
public struct PathTemplate: Sendable, Equatable {
    /// One `/`-separated segment of the template.
    public enum Segment: Sendable, Equatable {
        /// A segment that must be equal.
        case literal(Substring)
        /// A segment that matches any non-empty value and captures it under this name.
        case capture(String)
    }

    /// The template as written.
    public let source: String
    /// The segments after the leading `/`.
    public let segments: [Segment]

    /// Parses a template; nil when it has no `{name}` segment (it is a literal path then).
    /// Throws when a segment mixes braces with text or repeats a name.
    public init?(_ source: String) throws(FixtureError) {
        var segments: [Segment] = []
        var names: Set<String> = []
        for part in source.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard part.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else {
                segments.append(.literal(part))
                continue
            }
            guard part.first == "{", part.last == "}", part.count > 2, !part.dropFirst().dropLast().contains("{")
            else {
                throw FixtureError("path segment \(String(part).quoted) must be a whole {name} or contain no braces")
            }
            let name = String(part.dropFirst().dropLast())
            guard names.insert(name).inserted else { throw FixtureError("path parameter {\(name)} appears twice") }
            segments.append(.capture(name))
        }
        guard !names.isEmpty else { return nil }
        self.source = source
        self.segments = segments
    }

    /// The names this template captures, in order.
    public var captureNames: [String] {
        segments.compactMap { if case .capture(let name) = $0 { name } else { nil } }
    }

    /// The captured values if `path` matches, else nil. Walks the path's segments in place: this runs for every
    /// request that reaches a template.
    public func match(_ path: String) -> [(name: String, value: String)]? {
        let slash = UInt8(ascii: "/")
        // The segments are those after the first `/`.
        guard let firstSlash = path.utf8.firstIndex(of: slash) else { return nil }
        var rest = path[path.utf8.index(after: firstSlash)...]
        var captures: [(name: String, value: String)] = []
        for (position, segment) in segments.enumerated() {
            let end = rest.utf8.firstIndex(of: slash) ?? rest.endIndex
            let part = rest[..<end]
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .capture(let name):
                guard !part.isEmpty else { return nil }
                captures.append((name, String(part)))
            }
            guard end < rest.endIndex else { return position == segments.count - 1 ? captures : nil }
            rest = rest[rest.utf8.index(after: end)...]
        }
        // A segment more than the template has.
        return nil
    }
}
