import Foundation
import NetworkCore
import StandInFixtures
import Testing

/// A resource's answers take `delay`, `fault` and variants like any fixture's, the same from the server and from
/// `MockRegistry`: a variant with a body answers in place of the store, one with only a fault breaks the store's
/// answer after the store acted.
@Suite struct ResourceSimulationSameOutcomeTests {
    static let todos = #"""
        { "resource": { "path": "/todos", "seed": [ { "id": 1, "title": "Buy milk" } ] },
          "variants": {
            "down":   { "status": 503, "envelope": { "code": 50300, "message": "down for maintenance" } },
            "broken": { "fault": "malformed-body" },
            "lost":   { "fault": "connection-reset" } } }
        """#
    private static let files = ["todos.json": todos]

    @Test(arguments: Mode.allCases) func aVariantWithABodyAnswersInPlaceOfTheStore(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let down = try await exchange(
                transport,
                base,
                .post,
                "/todos",
                body: #"{"title": "Call mum"}"#,
                headers: ["X-StandIn-Variant": "down"]
            )
            #expect(down.head.status.code == 503)
            let envelope = try jsonObject(down)
            #expect(envelope["code"] as? Int == 50300)
            #expect(envelope["message"] as? String == "down for maintenance")
            #expect(try await total(transport, base) == "1")
        }
    }

    @Test(arguments: Mode.allCases) func aVariantSelectedForTheEndpointAnswersEveryRequestUntilCleared(
        mode: Mode
    ) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            try await select(#""down""#, transport, base)
            #expect(try await exchange(transport, base, .get, "/todos/1").head.status.code == 503)
            #expect(try await exchange(transport, base, .delete, "/todos/1").head.status.code == 503)
            try await select("null", transport, base)
            #expect(try await exchange(transport, base, .get, "/todos/1").head.status == .ok)
        }
    }

    @Test(arguments: Mode.allCases) func aFaultBreaksTheStoresAnswerAfterTheStoreActed(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            await #expect(throws: (any Error).self) {
                _ = try await exchange(
                    transport,
                    base,
                    .post,
                    "/todos",
                    body: #"{"title": "a"}"#,
                    headers: ["X-StandIn-Variant": "lost"]
                )
            }
            let broken = try await exchange(
                transport,
                base,
                .post,
                "/todos",
                body: #"{"title": "b"}"#,
                headers: ["X-StandIn-Variant": "broken"]
            )
            #expect(broken.head.status.code == 201)
            #expect((try? JSONSerialization.jsonObject(with: broken.body)) == nil)
            #expect(try await total(transport, base) == "3")
        }
    }

    @Test(arguments: Mode.allCases) func theResourcesOwnDelayHoldsItsAnswers(mode: Mode) async throws {
        let slow = #"{ "resource": { "path": "/todos", "delay": "200ms" } }"#
        try await withHost(["todos.json": slow], mode) { base, transport, _ in
            let started = ContinuousClock.now
            let created = try await exchange(transport, base, .post, "/todos", body: "{}")
            #expect(ContinuousClock.now - started >= .milliseconds(200))
            #expect(created.head.status.code == 201)
        }
    }

    @Test(arguments: Mode.allCases) func aVariantTheResourceLacksIsRefusedNamingItsVariants(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let refused = try await exchange(transport, base, .get, "/todos", headers: ["X-StandIn-Variant": "nope"])
            #expect(refused.head.status == .badRequest)
            #expect(
                try jsonObject(refused)["message"] as? String
                    == #"X-StandIn-Variant: fixture todos.json has no variant "nope"; it has: broken, down, lost"#
            )
        }
    }

    /// Selects a variant (a JSON string, or `null` to clear) for the resource's endpoint, `ANY /todos`: through the
    /// admin API, or `setVariant` on the registry.
    private func select(_ variant: String, _ transport: any Transport, _ base: URL) async throws {
        if let registry = transport as? MockRegistry {
            try registry.setVariant(variant == "null" ? nil : "down", for: "ANY /todos")
            return
        }
        let body = #"{"ANY /todos": \#(variant)}"#
        let selected = try await exchange(transport, base, .put, "/__standin/variants", body: body)
        #expect(selected.head.status == .ok, "\(String(decoding: selected.body, as: UTF8.self))")
    }

    /// The `X-Total-Count` of the list.
    private func total(_ transport: any Transport, _ base: URL) async throws -> String? {
        try await exchange(transport, base, .get, "/todos").head.headerFields[HTTPField.Name("X-Total-Count")!]
    }
}
