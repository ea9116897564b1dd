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
    /// `{{graphql.operationName}}`: the name of the GraphQL operation the request asks for.
    case graphQLOperationName
    /// `{{graphql.variables.NAME}}` (or a deeper path, `graphql.variables.input.email`): a variable of the GraphQL
    /// operation; `{{graphql.variables}}` is all of them.
    case graphQLVariable(path: String)
    /// `{{message.text}}`: the client's WebSocket message a reply answers, as text.
    case messageText
    /// `{{message.json}}` or `{{message.json.a.b}}` / `{{message.json./a/b}}`: a JSON value in the client's WebSocket
    /// message a reply answers.
    case messageJSON(path: String)
    /// `{{requestId}}`: the request's id, as in `X-Request-ID`.
    case requestId
    /// `{{uuid}}`: a fresh random UUID.
    case uuid
    /// `{{now}}`, `{{now "+1h"}}`, `{{now "unix"}}`: the current time moved by `offsetSeconds`, in ISO 8601 or as
    /// seconds since 1970.
    case now(offsetSeconds: Int, unix: Bool)
    /// `{{randomInt MIN MAX}}`: a whole number in the range, from the seeded template random source.
    case randomInt(ClosedRange<Int>)
    /// `{{pick a b c}}`: one of the words, from the seeded template random source.
    case pick([String])
    /// `{{json EXPR}}`: the JSON value of an expression. A JSON string value that is exactly this placeholder is
    /// replaced by the value itself (`"{{json body.amount}}"` serves `12.5`).
    indirect case json(Placeholder)

    /// Parses the text between `{{` and `}}`.
    public init(parsing expression: Substring) throws(FixtureError) {
        let trimmed = expression.trimmingASCIIWhitespace
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            self = try Self.helper(named: trimmed[..<space], arguments: trimmed[space...])
            return
        }
        switch trimmed {
        case "requestId": self = .requestId
        case "uuid": self = .uuid
        case "now": self = .now(offsetSeconds: 0, unix: false)
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
            case "graphql": self = try Self.graphQL(name, expression: trimmed)
            case "message": self = try Self.message(name, expression: trimmed)
            default: throw Self.unknown(trimmed)
            }
        }
    }

    /// `graphql.operationName`, `graphql.variables` or `graphql.variables.PATH`, from the text after `graphql.`.
    private static func graphQL(_ name: String, expression: Substring) throws(FixtureError) -> Self {
        if name == "operationName" { return .graphQLOperationName }
        if name == "variables" { return .graphQLVariable(path: "") }
        guard name.hasPrefix("variables."), name.count > "variables.".count else { throw unknown(expression) }
        return .graphQLVariable(path: String(name.dropFirst("variables.".count)))
    }

    static func unknown(_ expression: Substring) -> FixtureError {
        FixtureError(
            "unknown template {{\(expression)}}; use path.NAME, query.NAME, header.NAME, body, body.PATH, "
                + "graphql.operationName, graphql.variables.NAME, requestId, uuid, now, now \"+1h\", now \"unix\", "
                + "randomInt MIN MAX, pick A B, or json EXPR"
        )
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    package var trimmingASCIIWhitespace: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
