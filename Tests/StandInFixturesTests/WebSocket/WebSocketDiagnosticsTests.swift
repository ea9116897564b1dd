import StandInFixtures
import Testing

/// What `standin check` says of a broken `websocket` fixture: the reason and the line.
@Suite struct WebSocketDiagnosticsTests {
    /// A fixture whose `websocket` object holds `lines`, from line 4 on.
    private func websocket(_ lines: String) -> String {
        "{\n  \"request\": { \"path\": \"/chat\" },\n  \"websocket\": {\n\(lines)\n  }\n}"
    }

    /// A fixture whose `onOpen` list holds `step` on line 4.
    private func opening(_ step: String) -> String {
        websocket("    \"onOpen\": [ \(step) ]")
    }

    @Test func anUnknownStepKeySuggestsTheSpelling() throws {
        #expect(
            try diagnosis(of: opening(#"{ "sned": "hi" }"#))
                == #"4: unknown key "sned" in websocket.onOpen[0]; did you mean "send"?"#
        )
        #expect(
            try diagnosis(of: opening(#"{ "wobble": 1 }"#))
                == #"4: unknown key "wobble" in websocket.onOpen[0]; expected one of "send", "sendBase64", "close", "#
                + #""reason", "delay", "fault""#
        )
    }

    @Test func aStepDoesOneThing() throws {
        let text = websocket(
            """
                "onOpen": [
                  { "send": "hi",
                    "close": 1000 }
                ]
            """
        )
        #expect(try diagnosis(of: text) == #"6: websocket.onOpen[0] has "send" and "close"; a step does one of them"#)
    }

    @Test func aStepThatDoesNothingIsAnError() throws {
        #expect(
            try diagnosis(of: opening("{}"))
                == "4: websocket.onOpen[0] does nothing; a step has send, sendBase64, close, delay or fault"
        )
    }

    @Test func closeCodesMustBeSendable() throws {
        #expect(try diagnosis(of: opening(#"{ "close": 999 }"#)) == "4: close code 999 is outside 1000–4999")
        #expect(
            try diagnosis(of: opening(#"{ "close": 1005 }"#))
                == "4: close code 1005 is reserved and never sent in a close frame; use 1000–1003, 1007–1014 or "
                + "3000–4999"
        )
        #expect(
            try diagnosis(of: opening(#"{ "close": "normal" }"#))
                == "4: websocket.onOpen[0].close must be an integer, not string"
        )
    }

    @Test func aCloseReasonFitsInAFrame() throws {
        let reason = String(repeating: "é", count: 62)
        #expect(
            try diagnosis(of: opening(#"{ "close": 1000, "reason": "\#(reason)" }"#))
                == "4: websocket.onOpen[0].reason is 124 bytes; a close reason has at most 123"
        )
        #expect(
            try diagnosis(of: opening(#"{ "send": "x", "reason": "why" }"#))
                == #"4: websocket.onOpen[0].reason goes with "close""#
        )
    }

    @Test func stepsAfterACloseOrAFaultNeverRun() throws {
        let text = websocket(
            """
                "otherwise": [
                  { "fault": "connection-reset" },
                  { "send": "late" }
                ]
            """
        )
        #expect(
            try diagnosis(of: text) == "6: websocket.otherwise[1] never runs: the step before it ends the connection"
        )
    }

    @Test func aStepsOnlyFaultIsConnectionReset() throws {
        #expect(
            try diagnosis(of: opening(#"{ "fault": "timeout" }"#))
                == #"4: websocket.onOpen[0].fault must be "connection-reset", the one fault a step has"#
        )
    }

    @Test func badBase64AndBadDelaysNameTheirLines() throws {
        #expect(
            try diagnosis(of: opening(#"{ "sendBase64": "!!" }"#))
                == "4: websocket.onOpen[0].sendBase64 is not valid base64"
        )
        #expect(
            try diagnosis(of: opening(#"{ "send": "x", "delay": "soon" }"#))?
                .hasPrefix(#"4: websocket.onOpen[0].delay: "soon" is not a duration"#) == true
        )
    }

    @Test func aMatchHasExactlyOneForm() throws {
        let none = websocket(
            """
                "on": [
                  { "match": {}, "reply": [] }
                ]
            """
        )
        #expect(
            try diagnosis(of: none)
                == #"5: websocket.on[0].match needs exactly one matcher: "json", "text", "binary""#
        )
        let two = websocket(
            """
                "on": [
                  { "reply": [],
                    "match": { "json": {}, "text": "x" } }
                ]
            """
        )
        #expect(
            try diagnosis(of: two)
                == #"6: websocket.on[0].match needs exactly one matcher: "json", "text", "binary""#
        )
        #expect(
            try diagnosis(of: websocket(#"    "on": [ { "match": { "bytes": "AA==" }, "reply": [] } ]"#))
                == #"4: unknown matcher "bytes" in websocket.on[0].match; use "json", "text", "binary""#
        )
    }

    @Test func aTextMatcherIsAStringMatcher() throws {
        #expect(
            try diagnosis(of: websocket(#"    "on": [ { "match": { "text": { "present": true } }, "reply": [] } ]"#))
                == #"4: unknown matcher "present" in websocket.on[0].match.text; use "equals", "prefix", "#
                + #""contains", "regex""#
        )
    }

    @Test func anEntryNeedsAMatchAndAReply() throws {
        #expect(
            try diagnosis(of: websocket(#"    "on": [ { "reply": [] } ]"#))
                == #"4: websocket.on[0] needs "match", the messages it answers"#
        )
        #expect(
            try diagnosis(of: websocket(#"    "on": [ { "match": { "text": "a" } } ]"#))
                == #"4: websocket.on[0] needs "reply", the steps that answer the message ("reply": [] for none)"#
        )
    }

    @Test func theSubprotocolIsAToken() throws {
        #expect(
            try diagnosis(of: websocket(#"    "subprotocol": "chat, v1""#))
                == #"4: websocket.subprotocol "chat, v1" is not a token; use letters, digits and "#
                + "!#$%&'*+-.^_`|~, with no spaces or commas"
        )
    }

    @Test func anUnknownKeyOfTheConversationSuggestsTheSpelling() throws {
        #expect(
            try diagnosis(of: websocket(#"    "onopen": []"#))
                == #"4: unknown key "onopen" in websocket; did you mean "onOpen"?"#
        )
    }

    @Test func messageTemplatesBelongToReplies() throws {
        #expect(
            try diagnosis(of: opening(#"{ "send": "{{message.text}}" }"#))
                == #"4: {{message.text}} reads the client's message, which only a websocket reply ("on" or "#
                + #""otherwise") has"#
        )
        let response = """
            {
              "request": { "path": "/a" },
              "response": { "json": { "echo": "{{json message.json.a}}" } }
            }
            """
        #expect(
            try diagnosis(of: response)
                == #"3: {{json message.json.a}} reads the client's message, which only a websocket reply ("on" or "#
                + #""otherwise") has"#
        )
        #expect(
            try diagnosis(of: websocket(#"    "otherwise": [ { "send": "{{message.body}}" } ]"#))
                == "4: unknown template {{message.body}}; a websocket reply reads message.text, message.json or "
                + "message.json.PATH"
        )
    }

    @Test func aWebSocketFixtureAnswersGETOnly() throws {
        let text = """
            {
              "request": { "path": "/chat",
                           "method": "POST" },
              "websocket": {}
            }
            """
        #expect(try diagnosis(of: text) == "3: a websocket fixture answers GET, the method of an upgrade, not POST")
        let variant = """
            {
              "request": { "method": "ANY", "path": "/chat" },
              "response": {},
              "variants": { "ws": { "websocket": {} } }
            }
            """
        #expect(try diagnosis(of: variant) == "2: a websocket fixture answers GET, the method of an upgrade, not ANY")
    }

    @Test func aWebSocketAnswerHasStatus101() throws {
        let text = """
            {
              "request": { "path": "/chat" },
              "response": {
                "status": 200,
                "websocket": {}
              }
            }
            """
        #expect(
            try diagnosis(of: text)
                == #"4: response.status is 200, but a "websocket" answer switches protocols with 101; "#
                + "remove the status"
        )
    }

    @Test func aFixtureHasOneAnswer() throws {
        let text = """
            {
              "request": { "path": "/chat" },
              "response": {},
              "websocket": {}
            }
            """
        #expect(try diagnosis(of: text) == #"4: a fixture has a "response" or a "websocket", not both"#)
        #expect(
            try diagnosis(of: #"{ "request": { "path": "/chat" }, "response": { "json": 1, "websocket": {} } }"#)
                == #"1: a response has one body form, not "json" and "websocket""#
        )
    }
}
