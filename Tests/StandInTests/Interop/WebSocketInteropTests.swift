import Foundation
import ServerTestSupport
import StandInClient
import Testing

/// WebSocket conversations through clients the project did not write, `websockets` (asyncio) and
/// `websocket-client`: every fixture feature, a message a test pushes mid-conversation, the admin close, variants,
/// sessions, a fault, and `wss://` on the TLS port.
@Suite(.serialized) struct WebSocketInteropTests {
    static let libraries = ["websockets", "websocket-client"]

    private static let chat = #"""
        { "request": { "path": "/chat" },
          "websocket": {
            "subprotocol": "chat.v1",
            "onOpen": [ { "send": { "type": "hello", "room": "{{query.room}}" } } ],
            "on": [
              { "match": { "json": { "type": "ping" } },
                "reply": [ { "send": { "type": "pong", "seq": "{{message.json.seq}}" }, "delay": "20ms" } ] },
              { "match": { "text": { "contains": "bye" } }, "reply": [ { "close": 1000, "reason": "bye" } ] },
              { "match": { "binary": "AAEC" }, "reply": [ { "sendBase64": "AwQF" } ] }
            ],
            "otherwise": [ { "send": "echo: {{message.text}}" } ]
          },
          "variants": {
            "closed": { "status": 403, "json": { "error": "the room is closed" } },
            "quiet": { "websocket": { "onOpen": [ { "send": "shh" } ] } }
          } }
        """#

    private static let broken = #"""
        { "request": { "path": "/broken" },
          "websocket": { "onOpen": [ { "send": "one" }, { "delay": "50ms" }, { "fault": "connection-reset" } ] } }
        """#

    private func withChat(_ arguments: [String] = [], _ body: (ServeProcess) async throws -> Void) async throws {
        try await withFolder { mocks in
            try Data(Self.chat.utf8).write(to: mocks.appendingPathComponent("chat.json"))
            try Data(Self.broken.utf8).write(to: mocks.appendingPathComponent("broken.json"))
            let server = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"] + arguments)
            defer { server.stop() }
            try await body(server)
        }
    }

    /// Runs the client `library` against `url` through `steps`; returns what it printed.
    private func run(
        _ library: String,
        _ url: String,
        _ steps: String,
        subprotocol: String? = nil,
        environment: [String: String] = [:]
    ) async throws -> [String: Any] {
        let printed = try await PythonBackend.client(
            "websocket_clients.py",
            [library, url, steps] + (subprotocol.map { [$0] } ?? []),
            pythonPath: PythonBackend.webSocketClients,
            environment: environment
        )
        return try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
    }

    private static func texts(_ result: [String: Any]) -> [String?] {
        (result["received"] as? [[String: Any]] ?? []).map {
            $0["text"] as? String ?? ($0["base64"] as? String).map { "base64:" + $0 }
        }
    }

    @Test(
        .enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere),
        arguments: libraries
    )
    func aConversationRunsEveryStep(library: String) async throws {
        try await withChat { server in
            let steps = #"""
                [ {"recv": 1}, {"send": "{\"type\":\"ping\",\"seq\":7}"}, {"recv": 1}, {"send": "hello there"}, {"recv": 1},
                  {"sendBinary": "AAEC"}, {"recv": 1}, {"send": "ok bye"}, {"wait": "closed"} ]
                """#
            let result = try await run(
                library,
                "ws://127.0.0.1:\(server.port)/chat?room=lobby",
                steps,
                subprotocol: "chat.v1"
            )
            #expect(result["subprotocol"] as? String == "chat.v1")
            #expect(
                Self.texts(result) == [
                    #"{"type":"hello","room":"lobby"}"#, #"{"type":"pong","seq":"7"}"#, "echo: hello there",
                    "base64:AwQF",
                ]
            )
            #expect(result["closeCode"] as? Int == 1000)
            #expect(result["closeReason"] as? String == "bye")
            let admin = StandInAdmin(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
            let recorded = try await admin.requests(matching: .get("/chat")).last
            let transcript = try #require(recorded?.websocket)
            #expect(transcript.received == 4)
            #expect(transcript.sent == 4)
            #expect(transcript.end == "closed by server 1000 bye")
            try await admin.verifyWebSocket(transcript.id, received: "hello there")
            await #expect(throws: VerificationFailure.self) {
                try await admin.verifyWebSocket(transcript.id, received: "never sent")
            }
        }
    }

    @Test(
        .enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere),
        arguments: libraries
    )
    func aTestPushesAMessageMidConversationAndClosesWithItsCode(library: String) async throws {
        try await withChat { server in
            let port = server.port
            let admin = StandInAdmin(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
            async let client = run(library, "ws://127.0.0.1:\(port)/chat", #"[ {"recv": 2}, {"wait": "closed"} ]"#)
            let open = try await admin.webSocket(on: "/chat")
            #expect(open.subprotocol == nil)
            #expect(open.messages.map(\.from) == ["server"])
            try await admin.push(.json(#"{"type": "notice", "text": "deploy at 5"}"#), toWebSocket: open.id)
            try await Task.sleep(for: .milliseconds(100))
            try await admin.closeWebSocket(open.id, code: 4000, reason: "test over")
            let result = try await client
            #expect(Self.texts(result) == [#"{"type":"hello","room":""}"#, #"{"type":"notice","text":"deploy at 5"}"#])
            #expect(result["closeCode"] as? Int == 4000)
            #expect(result["closeReason"] as? String == "test over")
        }
    }

    @Test(.enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere))
    func variantsChooseTheConversationOrRefuseTheUpgrade() async throws {
        try await withChat { server in
            let admin = StandInAdmin(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
            try await admin.setVariant("quiet", for: "GET /chat")
            let quiet = try await run(
                "websockets",
                "ws://127.0.0.1:\(server.port)/chat",
                #"[ {"recv": 1}, {"close": 1000} ]"#
            )
            #expect(Self.texts(quiet) == ["shh"])
            try await admin.setVariant("closed", for: "GET /chat")
            for library in Self.libraries {
                let refused = try await run(library, "ws://127.0.0.1:\(server.port)/chat", "[]")
                #expect(refused["status"] as? Int == 403, "\(library): \(refused)")
            }
        }
    }

    @Test(.enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere))
    func aSessionHasItsOwnConversationsAndList() async throws {
        try await withChat { server in
            let admin = StandInAdmin(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
            let session = try await admin.startSession(name: "ws")
            try await session.setVariant("quiet", for: "GET /chat")
            let port = try #require(session.baseURL.port)
            async let client = run(
                "websocket-client",
                "ws://127.0.0.1:\(port)/chat",
                #"[ {"recv": 2}, {"close": 1000} ]"#
            )
            let open = try await session.webSocket(on: "/chat")
            #expect(try await admin.webSockets().isEmpty)
            try await session.push(.text("only here"), toWebSocket: open.id)
            #expect(Self.texts(try await client) == ["shh", "only here"])
            try await session.end()
        }
    }

    @Test(.enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere))
    func aFaultResetsTheConnection() async throws {
        try await withChat { server in
            let result = try await run("websockets", "ws://127.0.0.1:\(server.port)/broken", #"[ {"recv": 2} ]"#)
            #expect(Self.texts(result) == ["one"])
            // No close frame came: the library reports 1006, an abnormal closure.
            #expect(result["closeCode"] as? Int == 1006)
        }
    }

    @Test(
        .enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere),
        arguments: libraries
    )
    func wssWorksOnTheTLSPort(library: String) async throws {
        try await withFolder { home in
            try await withFolder { mocks in
                try Data(Self.chat.utf8).write(to: mocks.appendingPathComponent("chat.json"))
                let server = try await ServeProcess(
                    ["--mocks", mocks.path, "--quiet", "--no-watch", "--tls-port", "0"],
                    environment: ["STANDIN_HOME": home.path]
                )
                defer { server.stop() }
                let port = try #require(
                    try #/and https://127\.0\.0\.1:(\d+)/#.firstMatch(in: server.text).flatMap { Int($0.output.1) }
                )
                let result = try await run(
                    library,
                    "wss://localhost:\(port)/chat?room=tls",
                    #"[ {"recv": 1}, {"send": "over tls"}, {"recv": 1}, {"close": 1000} ]"#,
                    environment: ["CA_FILE": home.appending(path: "ca/ca.pem").path]
                )
                #expect(Self.texts(result) == [#"{"type":"hello","room":"tls"}"#, "echo: over tls"])
            }
        }
    }
}

/// `standin record` in front of a real WebSocket backend (the `websockets` library's server): the conversation
/// reaches the client message by message, is written as a `websocket` fixture with no secret in it, and replays
/// with the backend stopped.
@Suite(.serialized) struct WebSocketRecordTests {
    private func run(_ library: String, _ url: String, _ steps: String) async throws -> [String: Any] {
        let printed = try await PythonBackend.client(
            "websocket_clients.py",
            [library, url, steps, "chat.v1"],
            pythonPath: PythonBackend.webSocketClients
        )
        return try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
    }

    private static func received(_ result: [String: Any]) -> [String] {
        (result["received"] as? [[String: Any]] ?? []).map {
            $0["text"] as? String ?? "base64:" + ($0["base64"] as? String ?? "")
        }
    }

    @Test(.enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere))
    func aRecordedConversationReplaysWithTheBackendStopped() async throws {
        try await withFolder { mocks in
            let backend = try PythonBackend(
                [
                    StandInBinary.repositoryRoot.appendingPathComponent("Tests/Interop/websocket_server.py").path,
                    "{port}",
                ],
                pythonPath: PythonBackend.webSocketClients
            )
            let steps = #"""
                [ {"recv": 1}, {"send": "{\"type\":\"ping\",\"n\":1}"}, {"recv": 1}, {"send": "hello"}, {"recv": 1},
                  {"sendBinary": "AQID"}, {"recv": 1}, {"send": "bye"}, {"wait": "closed"} ]
                """#
            let expected = [
                #"{"type": "welcome", "token": "sk-live-123"}"#, #"{"echo":{"type":"ping","n":1}}"#, "echo: hello",
                "base64:AwIB",
            ]
            do {
                defer { backend.stop() }
                let recorder = try await ServeProcess(
                    ["--upstream", backend.url, "--mocks", mocks.path],
                    command: "record"
                )
                defer { recorder.stop() }
                let live = try await run("websockets", "ws://127.0.0.1:\(recorder.port)/chat?room=1", steps)
                #expect(live["subprotocol"] as? String == "chat.v1")
                #expect(Self.received(live) == expected)
                #expect(live["closeCode"] as? Int == 1000)
                #expect(live["closeReason"] as? String == "see you")
                #expect(try await recorder.printed(#"GET /chat 101 recorded/GET-chat.* RECORDED"#))
            }
            let file = try #require(
                try FileManager.default.contentsOfDirectory(atPath: mocks.appending(path: "recorded").path).first
            )
            let written = try String(contentsOf: mocks.appending(path: "recorded/\(file)"), encoding: .utf8)
            #expect(!written.contains("sk-live-123"), "\(written)")
            #expect(written.contains(#""subprotocol" : "chat.v1""#) || written.contains(#""subprotocol": "chat.v1""#))
            let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
            #expect(check.status == 0, "\(check.output)")
            let server = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { server.stop() }
            for library in ["websockets", "websocket-client"] {
                let replayed = try await run(library, "ws://127.0.0.1:\(server.port)/chat?room=1", steps)
                #expect(replayed["subprotocol"] as? String == "chat.v1", "\(library)")
                #expect(Self.received(replayed).count == 4, "\(library): \(replayed)")
                #expect(Array(Self.received(replayed).dropFirst()) == Array(expected.dropFirst()), "\(library)")
                #expect(Self.received(replayed).first?.contains("<redacted>") == true, "\(library)")
                #expect(replayed["closeCode"] as? Int == 1000, "\(library)")
                #expect(replayed["closeReason"] as? String == "see you", "\(library)")
            }
        }
    }
}
