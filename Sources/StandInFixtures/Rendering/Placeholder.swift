/// A `{{…}}` expression in a fixture's response, resolved per request.
public enum Placeholder: Sendable, Hashable {
    /// `{{path.NAME}}`: a captured path segment.
    case pathParameter(String)
    /// `{{query.NAME}}`: the first value of a query parameter.
    case queryParameter(String)
    /// `{{header.NAME}}`: a request header (name case-insensitive).
    case header(String)
    /// `{{body}}` (the whole body as text) or `{{body.a.b}}` / `{{body./a/b}}` (a JSON value in the body).
    case body(path: String)
    /// `{{requestId}}`: the request's id, as in `X-Request-ID`.
    case requestId
    /// `{{uuid}}`: a fresh random UUID.
    case uuid
    /// `{{now}}`: the current time in ISO 8601.
    case now

    /// Parses the text between `{{` and `}}`.
    public init(parsing expression: Substring) throws(FixtureError) {
        let trimmed = expression.trimmingASCIIWhitespace
        switch trimmed {
        case "requestId": self = .requestId
        case "uuid": self = .uuid
        case "now": self = .now
        case "body": self = .body(path: "")
        default:
            guard let dot = trimmed.firstIndex(of: "."), trimmed.index(after: dot) != trimmed.endIndex else {
                throw Self.unknown(trimmed)
            }
            let name = String(trimmed[trimmed.index(after: dot)...])
            switch trimmed[..<dot] {
            case "path": self = .pathParameter(name)
            case "query": self = .queryParameter(name)
            case "header": self = .header(name.lowercased())
            case "body": self = .body(path: name)
            default: throw Self.unknown(trimmed)
            }
        }
    }

    private static func unknown(_ expression: Substring) -> FixtureError {
        FixtureError(
            "unknown template {{\(expression)}}; use path.NAME, query.NAME, header.NAME, body, body.PATH, "
                + "requestId, uuid or now"
        )
    }
}

extension StringProtocol {
    var trimmingASCIIWhitespace: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
