import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Over HTTP, a resource's requests follow the `X-StandIn-*` control headers, and are counted, journaled and listed
/// under the resource's file like any fixture's.
@Suite struct ResourceSimulationTests {
    static let todos = #"""
        { "resource": { "path": "/todos", "seed": [ { "id": 1, "title": "Buy milk" }, { "id": 2, "title": "Walk" } ] },
          "variants": { "down": { "status": 503, "envelope": { "code": 50300, "message": "down" } } } }
        """#

    @Test func controlHeadersDelayOverrideAndBreakAResourcesAnswer() async throws {
        try await withMocks(["todos.json": Self.todos]) { mocks in
            try await withServer(mocks: mocks) { base in
                let started = ContinuousClock.now
                let late = try await fetch(base, "/todos", headers: ["X-StandIn-Delay": "200ms"])
                #expect(ContinuousClock.now - started >= .milliseconds(200))
                #expect(late.status == 200)
                #expect(late.header("X-Total-Count") == "2")

                let overridden = try await fetch(base, "/todos/1", headers: ["X-StandIn-Status": "503"])
                #expect(overridden.status == 503)
                #expect((try overridden.json()["data"] as? [String: Any])?["title"] as? String == "Buy milk")

                await #expect {
                    _ = try await fetch(
                        base,
                        "/todos/2",
                        method: "DELETE",
                        headers: ["X-StandIn-Fault": "empty-response"]
                    )
                } throws: { ($0 as? URLError)?.code == .badServerResponse }
                #expect(try await fetch(base, "/todos/2").status == 404)

                let refused = try await fetch(base, "/todos", headers: ["X-StandIn-Fault": "melt"])
                #expect(refused.status == 400)
                #expect((try refused.json()["message"] as? String)?.hasPrefix("X-StandIn-Fault: ") == true)
            }
        }
    }

    @Test func resourceRequestsAreJournaledCountedAndListedUnderTheResourcesFile() async throws {
        try await withMocks(["todos.json": Self.todos]) { mocks in
            try await withServer(mocks: mocks) { base in
                _ = try await fetch(base, "/todos")
                _ = try await fetch(base, "/todos/1", headers: ["X-StandIn-Variant": "down"])
                let selected = try await fetch(
                    base,
                    "/__standin/variants",
                    method: "PUT",
                    body: Data(#"{"ANY /todos": "down"}"#.utf8)
                )
                #expect(selected.status == 200, "\(selected.text)")

                let journal = try await fetch(base, "/__standin/requests?path=/todos/1").json()
                let entry = try #require((journal["requests"] as? [[String: Any]])?.first)
                #expect(entry["fixture"] as? String == "todos.json")
                #expect(entry["variant"] as? String == "down")
                #expect(entry["status"] as? Int == 503)

                let listed = try await fetch(base, "/__standin/fixtures").json()
                let fixtures = try #require(listed["fixtures"] as? [[String: Any]])
                let todos = try #require(fixtures.first { $0["id"] as? String == "todos.json" })
                #expect(todos["endpoint"] as? String == "ANY /todos")
                #expect(todos["variants"] as? [String] == ["down"])
                #expect(todos["selectedVariant"] as? String == "down")
                #expect(todos["hits"] as? Int == 2)
            }
        }
    }

    @Test func aVariantChosenAtStartAnswersTheResourcesRequests() async throws {
        try await withMocks(["todos.json": Self.todos]) { mocks in
            let simulation = SimulationSettings(variants: ["ANY /todos": "down"])
            try await withServer(mocks: mocks, strict: true, simulation: simulation) { base in
                let down = try await fetch(base, "/todos/1")
                #expect(down.status == 503)
                #expect(try down.json()["code"] as? Int == 50300)
            }
        }
    }
}
