import StandInFixtures
import Testing

/// A `websocket` fixture loaded and rendered: the opening, replies chosen by `match`, `otherwise`, waits, closes,
/// binary messages and templates that read the upgrade request and the client's message.
@Suite struct WebSocketScriptTests {
    /// The example of DESIGN.md.
    static let chat = """
        {
          "request": { "path": "/chat" },
          "websocket": {
            "subprotocol": "chat.v1",
            "onOpen": [ { "send": { "type": "hello" } } ],
            "on": [
              { "match": { "json": { "type": "ping" } }, "reply": [ { "send": { "type": "pong" }, "delay": "20ms" } ] },
              { "match": { "text": { "contains": "bye" } }, "reply": [ { "close": 1000, "reason": "bye" } ] }
            ],
            "otherwise": [ { "send": { "type": "error" } } ]
          }
        }
        """

    @Test func theDesignExampleOpensWithHelloAndSpeaksItsSubprotocol() throws {
        var chat = try WebSocketConversation(Self.chat)
        #expect(chat.script.subprotocol == "chat.v1")
        #expect(chat.response.status == 101)
        #expect(chat.response.body.fixedBytes == [])
        #expect(chat.opening() == [.sendText(#"{"type":"hello"}"#)])
    }

    @Test func aMatchingJSONMessageGetsItsReplyAfterTheDelay() throws {
        var chat = try WebSocketConversation(Self.chat)
        #expect(
            chat.reply(to: #"{ "type": "ping", "n": 1 }"#) == [
                .wait(.milliseconds(20)), .sendText(#"{"type":"pong"}"#),
            ]
        )
    }

    @Test func aTextMatcherClosesWithTheCodeAndReason() throws {
        var chat = try WebSocketConversation(Self.chat)
        #expect(chat.reply(to: "good bye") == [.close(code: 1000, reason: "bye")])
    }

    @Test func anythingElseGetsOtherwise() throws {
        var chat = try WebSocketConversation(Self.chat)
        #expect(chat.reply(to: #"{"type":"pong"}"#) == [.sendText(#"{"type":"error"}"#)])
        #expect(chat.reply(to: "hello") == [.sendText(#"{"type":"error"}"#)])
        #expect(chat.reply(toBytes: Array("bye".utf8)) == [.sendText(#"{"type":"error"}"#)], "text matches text only")
    }

    @Test func withoutOtherwiseAnUnmatchedMessageGetsNothing() throws {
        var silent = try WebSocketConversation(#"{ "request": { "path": "/chat" }, "websocket": {} }"#)
        #expect(silent.opening() == [])
        #expect(silent.reply(to: "anything") == [])
        #expect(silent.script.subprotocol == nil)
    }

    @Test func repliesReadTheMessageAndTheUpgradeRequest() throws {
        var echo = try WebSocketConversation(
            """
            {
              "request": { "path": "/chat" },
              "websocket": {
                "onOpen": [ { "send": "welcome {{query.user}}" } ],
                "on": [
                  { "match": { "json": { "type": "say" } },
                    "reply": [ { "send": { "from": "{{query.user}}", "said": "{{message.json.text}}",
                                           "n": "{{json message.json./n}}", "all": "{{json message.json}}" } } ] }
                ],
                "otherwise": [ { "send": "echo: {{message.text}}" } ]
              }
            }
            """,
            target: "/chat?user=ada"
        )
        #expect(echo.opening() == [.sendText("welcome ada")])
        #expect(
            echo.reply(to: #"{"type":"say","text":"hi \"you\"","n":2}"#) == [
                .sendText(#"{"from":"ada","said":"hi \"you\"","n":2,"all":{"type":"say","text":"hi \"you\"","n":2}}"#)
            ]
        )
        #expect(echo.reply(to: "plain") == [.sendText("echo: plain")])
        #expect(echo.opening() == [.sendText("welcome ada")], "a reply leaves no message behind")
    }

    @Test func binaryMessagesMatchByBytesAndSendBase64SendsBytes() throws {
        var binary = try WebSocketConversation(
            """
            {
              "request": { "path": "/chat" },
              "websocket": {
                "on": [
                  { "match": { "binary": "AAEC" }, "reply": [ { "sendBase64": "/wA=" }, { "delay": "1s" },
                                                               { "fault": "connection-reset" } ] },
                  { "match": { "text": "AAEC" }, "reply": [] }
                ],
                "otherwise": [ { "send": "no" } ]
              }
            }
            """
        )
        #expect(
            binary.reply(toBytes: [0, 1, 2]) == [
                .send(WebSocketMessage(kind: .binary, bytes: [0xFF, 0])), .wait(.seconds(1)), .reset,
            ]
        )
        #expect(binary.reply(toBytes: [0, 1]) == [.sendText("no")])
        #expect(binary.reply(to: "AAEC") == [], "a plain string matches text that equals it; reply [] answers nothing")
    }

    @Test func aSequenceStepMayUpgradeAndTheMethodDefaultsToGET() throws {
        let fixture = try fixture(
            """
            { "request": { "path": "/chat" },
              "sequence": [ { "websocket": { "onOpen": [ { "send": "first" } ] } }, { "status": 503 } ] }
            """
        )
        #expect(fixture.request.method == .exact("GET"))
        #expect(try fixture.response(step: 0, variant: nil).websocket != nil)
        #expect(try fixture.response(step: 1, variant: nil).websocket == nil)
        #expect(try fixture.response(step: 1, variant: nil).status == 503)
    }
}
