import StandInFixtures
import Testing

/// Variants over a WebSocket conversation: one with a conversation of its own replaces it, one with a plain body or
/// a refusing status answers without upgrading, one without a body form keeps it.
@Suite struct WebSocketVariantTests {
    private static let chat = """
        {
          "request": { "path": "/chat" },
          "websocket": { "onOpen": [ { "send": "hello" } ] },
          "variants": {
            "goodbye": { "websocket": { "onOpen": [ { "close": 1001, "reason": "gone" } ] } },
            "forbidden": { "status": 403, "json": { "error": "no" } },
            "plain": { "json": { "ok": true } },
            "refused": { "status": 429 },
            "slow": { "delay": "1s" }
          }
        }
        """

    @Test func aVariantWithAConversationReplacesIt() throws {
        var goodbye = try WebSocketConversation(Self.chat, variant: "goodbye")
        #expect(goodbye.opening() == [.close(code: 1001, reason: "gone")])
        #expect(goodbye.response.status == 101)
    }

    @Test func aVariantWithAPlainBodyRefusesTheUpgrade() throws {
        let fixture = try fixture(Self.chat)
        let forbidden = try fixture.response(step: 0, variant: "forbidden")
        #expect(forbidden.websocket == nil)
        #expect(forbidden.status == 403)
        #expect(forbidden.body.fixedBytes == Array(#"{"error":"no"}"#.utf8))
        let plain = try fixture.response(step: 0, variant: "plain")
        #expect(plain.websocket == nil)
        #expect(plain.status == 200, "a plain answer does not keep the upgrade's 101")
    }

    @Test func aVariantWithAnotherStatusAloneRefusesTheUpgrade() throws {
        let refused = try fixture(Self.chat).response(step: 0, variant: "refused")
        #expect(refused.websocket == nil)
        #expect(refused.status == 429)
        #expect(refused.body.fixedBytes == [])
    }

    @Test func aVariantWithoutABodyFormKeepsTheConversation() throws {
        var slow = try WebSocketConversation(Self.chat, variant: "slow")
        #expect(slow.opening() == [.sendText("hello")])
        #expect(slow.response.delay != nil)
    }

    @Test func aVariantMayUpgradeAPlainAnswer() throws {
        var upgraded = try WebSocketConversation(
            """
            { "request": { "path": "/chat" }, "response": { "status": 426, "text": "upgrade" },
              "variants": { "open": { "websocket": { "onOpen": [ { "send": "hi" } ] } } } }
            """,
            variant: "open"
        )
        #expect(upgraded.response.status == 101)
        #expect(upgraded.opening() == [.sendText("hi")])
    }
}
