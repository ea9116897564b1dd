/// A fixture's WebSocket conversation, compiled at load: what to do once the connection opens, and how to answer
/// each client message. Rendering turns it into steps for one connection; the server runs them in order.
public struct WebSocketScript: Sendable {
    /// A step with its message still a template.
    enum Action: Sendable {
        case send(WebSocketMessage.Kind, ByteTemplate)
        case wait(Duration)
        case close(code: Int, reason: String)
        case reset
    }

    /// An `on` entry, compiled.
    struct Reply: Sendable {
        let match: WebSocketMatcher
        let steps: [Action]
    }

    /// The subprotocol the fixture speaks (`"subprotocol"`), if any.
    public let subprotocol: String?
    private let onOpen: [Action]
    private let replies: [Reply]
    private let otherwise: [Action]
    /// Whether answering a message reads it as JSON: a `json` matcher or a `{{message.json…}}` template.
    private let readsJSON: Bool

    init(subprotocol: String?, onOpen: [Action], replies: [Reply], otherwise: [Action]) {
        self.subprotocol = subprotocol
        self.onOpen = onOpen
        self.replies = replies
        self.otherwise = otherwise
        readsJSON =
            replies.contains { $0.match.readsJSON }
            || (replies.flatMap(\.steps) + otherwise).contains { action in
                guard case .send(_, let template) = action else { return false }
                return template.holes.contains { $0.placeholder.readsMessageJSON }
            }
    }

    /// The steps of `onOpen`, rendered for the upgrade request.
    public func opening<Request: IncomingRequest>(with context: inout RenderContext<Request>) -> [WebSocketStep] {
        onOpen.map { $0.render(with: &context) }
    }

    /// The steps answering `message`: the first `on` entry whose `match` accepts it, else `otherwise`, else none.
    ///
    /// Templates see the upgrade request as usual, and the message as `{{message.text}}` and
    /// `{{message.json.PATH}}` (a dotted path or a JSON pointer, as `body.` paths are).
    public func reply<Request: IncomingRequest>(
        to message: WebSocketMessage,
        with context: inout RenderContext<Request>
    ) -> [WebSocketStep] {
        let json = readsJSON && message.kind == .text ? try? JSONParser.parse(message.bytes) : nil
        let steps = replies.first { $0.match.matches(message, json: json) }?.steps ?? otherwise
        let outer = context.received
        context.received = ReceivedMessage(message: message, json: json)
        defer { context.received = outer }
        return steps.map { $0.render(with: &context) }
    }
}

extension WebSocketScript.Action {
    /// The step for one connection, its message rendered from `context`.
    func render<Request: IncomingRequest>(with context: inout RenderContext<Request>) -> WebSocketStep {
        switch self {
        case .send(let kind, let template): .send(WebSocketMessage(kind: kind, bytes: template.render(with: &context)))
        case .wait(let duration): .wait(duration)
        case .close(let code, let reason): .close(code: code, reason: reason)
        case .reset: .reset
        }
    }
}
