import Foundation
import NetworkCore
import Testing

/// Typed templates (`{{json …}}`, `randomInt`, `pick`, `now` with arguments) render the same from the server and
/// from `MockRegistry`.
@Suite struct TypedTemplateSameOutcomeTests {
    private static let files = [
        "order.json": #"""
        { "request": { "method": "POST", "path": "/orders/{id}" },
          "response": { "json": {
            "total": "{{json body.amount}}", "items": "{{json body.items}}", "missing": "{{json body.nope}}",
            "id": "{{json path.id}}", "label": "{{json query.label}}", "text": "sum {{json body.amount}}" } } }
        """#,
        "roll.json": #"""
        { "request": { "path": "/roll" },
          "response": { "json": { "die": "{{json randomInt 1 6}}", "color": "{{pick red green \"dark blue\"}}" } } }
        """#,
        "clock.json": #"""
        { "request": { "path": "/clock" },
          "response": { "json": {
            "later": "{{now \"+1h\"}}", "unix": "{{json now \"unix\"}}", "past": "{{now \"-2d\" \"unix\"}}" } } }
        """#,
    ]

    @Test(arguments: Mode.allCases) func aWholeJSONPlaceholderInsertsTheValueItself(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let body = #"{"amount": 12.5, "items": [{"sku": "A1"}]}"#
            let response = try await exchange(transport, base, .post, "/orders/42?label=gift", body: body)
            let json = try jsonObject(response)
            #expect(json["total"] as? Double == 12.5)
            #expect((json["items"] as? [[String: Any]])?.first?["sku"] as? String == "A1")
            #expect(json["missing"] is NSNull)
            #expect(json["id"] as? Int == 42)
            #expect(json["label"] as? String == "gift")
            #expect(json["text"] as? String == "sum 12.5")
        }
    }

    @Test(arguments: Mode.allCases) func randomHelpersStayInRangeAndRepeatForTheSameSeed(mode: Mode) async throws {
        let first = try await rolls(mode, seed: 7)
        let second = try await rolls(mode, seed: 7)
        #expect(first == second)
        #expect(first.allSatisfy { (1...6).contains($0.die) })
        #expect(first.allSatisfy { ["red", "green", "dark blue"].contains($0.color) })
        #expect(Set(first.map(\.die)).count > 1)
    }

    @Test func serverAndRegistryDrawTheSameValuesForTheSameSeed() async throws {
        let server = try await rolls(.server, seed: 42)
        let registry = try await rolls(.registry, seed: 42)
        #expect(server == registry)
    }

    @Test(arguments: Mode.allCases) func nowTakesAnOffsetAndUnixSeconds(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let json = try jsonObject(try await exchange(transport, base, .get, "/clock"))
            let now = Date().timeIntervalSince1970
            let later = try #require((json["later"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
            #expect(abs(later.timeIntervalSince1970 - (now + 3600)) < 120)
            let unix = try #require(json["unix"] as? Int)
            #expect(abs(Double(unix) - now) < 120)
            let past = try #require((json["past"] as? String).flatMap(Double.init))
            #expect(abs(past - (now - 2 * 86_400)) < 120)
        }
    }

    private struct Roll: Equatable {
        let die: Int
        let color: String
    }

    private func rolls(_ mode: Mode, seed: UInt64) async throws -> [Roll] {
        var rolls: [Roll] = []
        try await withHost(Self.files, mode, seed: seed) { base, transport, _ in
            for _ in 0..<20 {
                let json = try jsonObject(try await exchange(transport, base, .get, "/roll"))
                rolls.append(
                    Roll(die: try #require(json["die"] as? Int), color: try #require(json["color"] as? String))
                )
            }
        }
        return rolls
    }
}
