import Foundation

/// What a response template is rendered from: the request, the path captures of the matched fixture and the
/// request id; and, for a WebSocket reply, the client's message.
public struct RenderContext<Request: IncomingRequest> {
    /// The request and what has been parsed of it.
    public var facts: RequestFacts<Request>
    /// The path parameters the fixture captured (`{id}` → `42`).
    public let captures: [(name: String, value: String)]
    /// The request's id, as sent in `X-Request-ID`.
    public let requestId: String
    /// Where `{{randomInt}}` and `{{pick}}` draw from.
    public let random: TemplateRandom
    /// The client's WebSocket message while a reply to it is rendered; nil for every other rendering.
    @usableFromInline var received: ReceivedMessage?

    /// Creates a context.
    /// - Parameter random: where `{{randomInt}}` and `{{pick}}` draw from; one shared source, so that a seeded run
    ///   repeats.
    @inlinable
    public init(
        facts: RequestFacts<Request>,
        captures: [(name: String, value: String)],
        requestId: String,
        random: TemplateRandom
    ) {
        self.facts = facts
        self.captures = captures
        self.requestId = requestId
        self.random = random
    }

    /// The text a placeholder stands for; missing values render as the empty string.
    @inlinable
    public mutating func resolve(_ placeholder: Placeholder) -> String {
        switch placeholder {
        case .pathParameter(let name): captures.first { $0.name == name }?.value ?? ""
        case .queryParameter(let name): facts.queryValues(named: name).first ?? ""
        case .header(let name): facts.request.header(named: name) ?? ""
        case .body(let path) where path.isEmpty: facts.bodyText()
        case .body(let path): facts.bodyJSON()?.value(at: path)?.textValue ?? ""
        case .graphQLOperationName: graphQLOperation()?.operationName ?? ""
        case .graphQLVariable(let path): graphQLVariable(at: path)?.textValue ?? ""
        case .messageText: received?.text ?? ""
        case .messageJSON(let path): received?.json?.value(at: path)?.textValue ?? ""
        case .requestId: requestId
        case .uuid: UUID().uuidString.lowercased()
        case .now(let offset, let unix): UTCTimestamp.now(offsetSeconds: offset, unix: unix)
        case .randomInt(let range): String(random.int(in: range))
        case .pick(let words): words[random.int(in: 0...words.count - 1)]
        case .json(let inner): jsonText(of: inner)
        }
    }

    /// The compact JSON of an expression: a body path's value as it is (`null` when absent), the whole body when it
    /// is JSON, and any other text as the JSON it spells (`42`, `true`) or else as a JSON string.
    @usableFromInline
    mutating func jsonText(of placeholder: Placeholder) -> String {
        if case .body(let path) = placeholder, let body = facts.bodyJSON() {
            return (path.isEmpty ? body : body.value(at: path))?.compactString ?? "null"
        }
        if case .body(let path) = placeholder, !path.isEmpty { return "null" }
        if case .graphQLVariable(let path) = placeholder { return graphQLVariable(at: path)?.compactString ?? "null" }
        if case .messageJSON(let path) = placeholder { return received?.json?.value(at: path)?.compactString ?? "null" }
        let text = resolve(placeholder)
        if let node = try? JSONParser.parse(text) { return node.compactString }
        return JSONNode(.string(text)).compactString
    }

    /// The GraphQL operation the request asks for, if it is one.
    @usableFromInline
    mutating func graphQLOperation() -> GraphQLRequestOperation? {
        guard case .operation(let operation) = facts.graphQL() else { return nil }
        return operation
    }

    /// A variable of the GraphQL operation (all of them for an empty path).
    @usableFromInline
    mutating func graphQLVariable(at path: String) -> JSONNode? {
        guard let variables = graphQLOperation()?.variables else { return nil }
        return path.isEmpty ? variables : variables.value(at: path)
    }
}
