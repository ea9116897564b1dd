import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Rate limits through the real server: windows per session and a window that starts again. (Counting down and the 429 are in `NetworkAndRateLimitSameOutcomeTests`, against the
/// server and `MockRegistry` both; bounded keys in `RateLimitCountersTests`.)
@Suite struct RateLimitTests {
    private static let files = [
        "limited.json": #"""
        { "request": { "path": "/limited" }, "rateLimit": { "requests": 2, "per": "1s" },
          "response": { "json": { "ok": true } } }
        """#,
        "keyed.json": #"""
        { "request": { "path": "/keyed" }, "rateLimit": { "requests": 1, "per": "1m", "by": "header.X-Key" },
          "response": { "json": { "ok": true } } }
        """#,
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

    @Test func aWindowStartsAgainOnceItsLengthHasPassed() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                #expect(try await fetch(base, "/limited").status == 200)
                #expect(try await fetch(base, "/limited").status == 200)
                let refused = try await fetch(base, "/limited")
                #expect(refused.status == 429)
                #expect(refused.header("Retry-After") == "1")
                // The window started with the first request; a little over a second later a new one opens.
                try await Task.sleep(for: .milliseconds(1_100))
                let again = try await fetch(base, "/limited")
                #expect(again.status == 200)
                #expect(again.header("RateLimit-Remaining") == "1")
            }
        }
    }
}
