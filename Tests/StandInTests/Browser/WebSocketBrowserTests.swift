import Foundation
import ServerTestSupport
import StandInClient
import Testing

/// A page in a real headless Chromium talks to a WebSocket fixture, and the dashboard shows the conversation once it
/// has ended (`Tests/Browser/websocket_page_check.py` and `dashboard_websocket_check.py`, through `BrowserCheck`).
/// Chromium offers `permessage-deflate` and StandIn agrees to no extension: these show that a browser takes its plain
/// frames.
@Suite struct WebSocketBrowserTests {
    /// Says hello on opening, answers a ping with a pong and echoes anything else.
    private static let chat = """
        { "request": { "path": "/chat" },
          "websocket": {
            "onOpen": [ { "send": { "type": "hello" } } ],
            "on": [ { "match": { "json": { "type": "ping" } }, "reply": [ { "send": { "type": "pong" } } ] } ],
            "otherwise": [ { "send": "echo: {{message.text}}" } ] } }
        """

    /// A page that opens a WebSocket to `/chat` on its own origin, shows the first message in `#hello` and the next in
    /// `#reply`, sends `{"type":"ping"}` from its ping button, closes with 1000 "done" from its close button, and says
    /// in `#state` how the WebSocket stands.
    private static let page = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>chat</title><link rel="icon" href="data:,"></head>
        <body>
        <p id="state">connecting</p>
        <p id="hello"></p>
        <p id="reply"></p>
        <button id="ping" type="button">ping</button> <button id="close" type="button">close</button>
        <script>
        const socket = new WebSocket("ws://" + location.host + "/chat");
        const slots = ["hello", "reply"];
        const say = (text) => { document.getElementById("state").textContent = text; };
        socket.onopen = () => say("open");
        socket.onmessage = (event) => {
          const slot = slots.shift();
          if (slot) document.getElementById(slot).textContent = event.data;
        };
        socket.onclose = (event) => say("closed " + event.code);
        socket.onerror = () => say("error");
        document.getElementById("ping").onclick = () => socket.send(JSON.stringify({ type: "ping" }));
        document.getElementById("close").onclick = () => socket.close(1000, "done");
        </script>
        </body></html>
        """

    /// The conversation at `/chat`, and the page at `/page` as a fixture's `text` body served as HTML.
    private static func mocks() throws -> [String: String] {
        let pageFixture: [String: Any] = [
            "request": ["path": "/page"],
            "response": ["headers": ["Content-Type": "text/html; charset=utf-8"], "text": page],
        ]
        let encoded = try JSONSerialization.data(withJSONObject: pageFixture, options: [.prettyPrinted, .sortedKeys])
        return ["chat.json": chat, "page.json": String(decoding: encoded, as: UTF8.self)]
    }

    @Test(.enabled(BrowserCheck.requirement, BrowserCheck.canRun), .timeLimit(.minutes(10)))
    func aPageInChromiumGetsTheHelloAndThePongAndTheJournalKeepsTheConversation() async throws {
        try await BrowserCheck.run(
            "websocket_page_check.py",
            serving: [],
            mocks: try Self.mocks(),
            scriptArguments: { _ in [] },
            afterwards: { server in
                let admin = StandInAdmin(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
                let entry = try await Self.finishedWebSocket(on: "/chat", admin: admin)
                #expect(entry.status == 101)
                let offered = entry.headers.first { $0.key.lowercased() == "sec-websocket-extensions" }?.value
                #expect(offered?.contains("permessage-deflate") == true)
                let transcript = try #require(entry.websocket)
                #expect(transcript.received == 1)
                #expect(transcript.sent == 2)
                #expect(transcript.end == "closed by client 1000 done")
                #expect(transcript.messages.map(\.from) == ["server", "client", "server"])
                #expect(
                    transcript.messages.map(\.text) == [#"{"type":"hello"}"#, #"{"type":"ping"}"#, #"{"type":"pong"}"#]
                )
            }
        )
    }

    @Test(.enabled(BrowserCheck.requirement, BrowserCheck.canRun), .timeLimit(.minutes(10)))
    func theDashboardShowsAFinishedWebSocketsMessagesInOrderWithHowItEnded() async throws {
        try await BrowserCheck.run(
            "dashboard_websocket_check.py",
            serving: [],
            mocks: try Self.mocks(),
            scriptArguments: { _ in [] }
        )
    }

    /// The journal's entry of the WebSocket on `path` once it has ended: the page has seen the close, and the server
    /// journals the WebSocket as it lets go of it, which may come a moment later.
    private static func finishedWebSocket(on path: String, admin: StandInAdmin) async throws -> RecordedRequest {
        let deadline = ContinuousClock.now + .seconds(30)
        var ended = try await admin.requests(matching: .get(path)).last { $0.websocket?.end != nil }
        while ended == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            ended = try await admin.requests(matching: .get(path)).last { $0.websocket?.end != nil }
        }
        return try #require(ended, "the WebSocket on \(path) was not journaled as ended within 30 seconds")
    }
}
