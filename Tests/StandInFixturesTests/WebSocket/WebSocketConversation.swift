import StandInFixtures
import Testing

/// A websocket fixture loaded and rendered for one upgrade request, for the WebSocket tests.
struct WebSocketConversation {
    let response: CompiledResponse
    let script: WebSocketScript
    private var context: RenderContext<TestRequest>

    /// Loads `contents` as the only fixture and opens it for `target` (a GET), with `variant` applied if named.
    init(_ contents: String, target: String = "/chat", variant: String? = nil) throws {
        let loaded = try fixture(contents)
        let request = TestRequest(target)
        var facts = RequestFacts(request)
        let match = try #require(FixtureIndex([loaded]).match(&facts))
        response = try match.fixture.response(step: 0, variant: variant)
        script = try #require(response.websocket)
        context = RenderContext(
            facts: facts,
            captures: match.captures,
            requestId: "rid",
            random: TemplateRandom(seed: 1)
        )
    }

    /// The steps run once the connection opens.
    mutating func opening() -> [WebSocketStep] {
        script.opening(with: &context)
    }

    /// The steps answering a text message.
    mutating func reply(to text: String) -> [WebSocketStep] {
        script.reply(to: WebSocketMessage(kind: .text, bytes: Array(text.utf8)), with: &context)
    }

    /// The steps answering a binary message.
    mutating func reply(toBytes bytes: [UInt8]) -> [WebSocketStep] {
        script.reply(to: WebSocketMessage(kind: .binary, bytes: bytes), with: &context)
    }
}

extension WebSocketStep {
    /// Sends `text` as a text message.
    static func sendText(_ text: String) -> WebSocketStep {
        .send(WebSocketMessage(kind: .text, bytes: Array(text.utf8)))
    }
}
