import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Rate limits through the real server: windows per session, closed by a reset. (Counting down and the 429 are in
/// `NetworkAndRateLimitSameOutcomeTests`, against the server and `MockRegistry` both; windows that end, and bounded
/// keys, in `RateLimitCountersTests`.)
@Suite struct RateLimitTests {
    private static let files = [
        "keyed.json": #"""
        { "request": { "path": "/keyed" }, "rateLimit": { "requests": 1, "per": "1m", "by": "header.X-Key" },
          "response": { "json": { "ok": true } } }
        """#
    ]

    @Test func eachSessionCountsItsOwnWindow() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let created = try await fetch(base, "/__standin/sessions", method: "POST")
                let session = try #require(try created.json()["id"] as? String)
                #expect(try await fetch(base, "/keyed").status == 200)
                #expect(try await fetch(base, "/keyed").status == 429)
                let own = try await fetch(base, "/keyed", headers: ["X-StandIn-Session": session])
                #expect(own.status == 200)
                #expect(own.header("RateLimit-Remaining") == "0")
                // Resetting the default session closes its windows.
                #expect(try await fetch(base, "/__standin/reset", method: "POST").status == 200)
                #expect(try await fetch(base, "/keyed").status == 200)
            }
        }
    }
}
