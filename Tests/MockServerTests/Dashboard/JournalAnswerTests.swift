import Foundation
import ServerTestSupport
import StandInFixtures
import Testing

@testable import MockServer

/// What the journal says an answer meant, read through the real admin API: the envelope's code, the fault simulated
/// by name, and the outcome the dashboard colours by.
@Suite struct JournalAnswerTests {
    static let files = [
        "standin.json": #"{ "envelope": { "codeKey": "errcode", "successCode": 7 } }"#,
        "account.json": #"""
        {
          "request": { "path": "/account" },
          "response": { "envelope": { "data": { "name": "Ada" } } },
          "variants": {
            "frozen":   { "envelope": { "code": 40001, "message": "account frozen" } },
            "gone":     { "status": 404, "envelope": { "code": 40400, "message": "no such account" } },
            "down":     { "status": 503 },
            "hang":     { "fault": "timeout" },
            "moved":    { "status": 302 }
          }
        }
        """#,
        "plain.json": #"{ "request": { "path": "/plain" }, "response": { "json": { "ok": true } } }"#,
    ]

    /// The journal's entries, oldest first.
    private static func entries(_ base: URL) async throws -> [[String: Any]] {
        try await fetch(base, "/__standin/requests").json()["requests"] as? [[String: Any]] ?? []
    }

    /// `envelopeCode`, `fault` and `outcome` of an entry, as text (`null` for JSON null).
    private static func meaning(_ entry: [String: Any]) -> String {
        let code = (entry["envelopeCode"] as? Int).map(String.init) ?? "null"
        let fault = entry["fault"] as? String ?? "null"
        return "\(entry["status"] as? Int ?? 0) \(code) \(fault) \(entry["outcome"] as? String ?? "?")"
    }

    @Test func eachEntrySaysItsEnvelopeCodeFaultAndOutcome() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, simulation: SimulationSettings(maxHold: .milliseconds(100))) {
                base async throws in
                _ = try await fetch(base, "/account")
                for variant in ["frozen", "gone", "down"] {
                    _ = try await fetch(base, "/account", headers: ["X-StandIn-Variant": variant])
                }
                let held = try RawConnection(port: base.port!, timeout: 60)
                await held.send("GET /account HTTP/1.1\r\nHost: x\r\nX-StandIn-Variant: hang\r\n\r\n")
                #expect(await held.readAll().isEmpty)
                _ = try await fetch(base, "/account", headers: ["X-StandIn-Variant": "moved"])
                _ = try await fetch(base, "/plain")
                _ = try await fetch(base, "/nowhere")
                _ = try await fetch(base, "/account", headers: ["X-StandIn-Variant": "missing"])
                let entries = try await Self.entries(base)
                // The timeout's entry is journaled when the hold ends, after the requests it was sent before.
                let meanings = entries.map(Self.meaning)
                #expect(
                    Set(meanings) == [
                        "200 7 null success", "200 40001 null business-error", "404 40400 null client-error",
                        "503 7 null server-error", "200 7 timeout fault", "302 7 null redirect",
                        "200 null null success",
                        "404 404 null client-error", "400 400 null client-error",
                    ]
                )
                #expect(meanings.count == 9)
            }
        }
    }

    @Test func theDashboardsEventsCarryTheSameMeaning() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                var stream = try EventStreamClient(port: base.port!)
                #expect(await stream.readReady())
                _ = try await fetch(base, "/account", headers: ["X-StandIn-Variant": "frozen"])
                _ = try? await fetch(base, "/account", headers: ["X-StandIn-Fault": "empty-response"])
                #expect(await stream.read { EventStreamClient.requestEvents(in: $0).count >= 2 })
                let events = stream.requestEvents
                #expect(events.map(Self.meaning) == ["200 40001 null business-error", "200 7 empty-response fault"])
            }
        }
    }

    @Test func aRecordedBusinessErrorIsJournaledWithItsEnvelopeCode() async throws {
        let backend = [
            "frozen.json": fixtureJSON(
                path: "/account",
                response: #"{ "envelope": { "code": 40001, "message": "account frozen" } }"#
            )
        ]
        try await withMocks(backend) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    _ = try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        _ = try await fetch(proxy, "/account")
                        let entry = try #require(try await Self.entries(proxy).first)
                        #expect(Self.meaning(entry) == "200 40001 null business-error")
                        #expect(entry["upstreamResponse"] == nil)
                    }
                }
            }
        }
    }
}
