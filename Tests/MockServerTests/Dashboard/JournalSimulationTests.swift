import Foundation
import ServerTestSupport
import Testing

/// What the dashboard shows of a request's simulation: the journal keeps the delay or fault applied.
@Suite struct JournalSimulationTests {
    private func lastEntry(_ base: URL) async throws -> [String: Any] {
        let page = try await fetch(base, "/__standin/requests").json()
        return try #require((page["requests"] as? [[String: Any]])?.last)
    }

    @Test func theJournalSaysWhichDelayAndFaultWereApplied() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            _ = try await fetch(base, "/users/42", headers: ["X-StandIn-Delay": "20ms"])
            let delayed = try await lastEntry(base)
            #expect((delayed["simulation"] as? String)?.contains("delay=20ms") == true, "\(delayed)")
            _ = try? await fetch(base, "/users/42", headers: ["X-StandIn-Fault": "empty-response"])
            let faulty = try await lastEntry(base)
            #expect((faulty["simulation"] as? String)?.contains("fault=empty-response") == true, "\(faulty)")
            _ = try await fetch(base, "/users/42")
            #expect(try await lastEntry(base)["simulation"] is NSNull)
        }
    }
}
