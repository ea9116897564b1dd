import Foundation
import NetworkCore
import NetworkTestSupport
import StandInFixtures
import Testing

/// Network profiles and rate limits, through the real server and through `MockRegistry`: the same plan, and the same
/// answers, headers and waits in both.
@Suite struct NetworkAndRateLimitSameOutcomeTests {
    private static let files = [
        ProjectConfig.fileName: #"{ "networks": { "slow-lane": { "down": "8KB/s", "latency": "300ms" } } }"#,
        "users/get.json": TestAPI.userFixture,
        "limited.json": #"""
        { "request": { "method": "GET", "path": "/limited" },
          "rateLimit": { "requests": 3, "per": "1m", "by": "header.Authorization" },
          "response": { "json": { "ok": true } } }
        """#,
        "paced.json": #"""
        { "request": { "path": "/paced" }, "response": { "text": "\#(String(repeating: "x", count: 1600))",
          "network": "slow-lane" } }
        """#,
    ]

    @Test(arguments: Mode.allCases) func aRateLimitCountsDownThenAnswers429WithRetryAfter(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            var remaining: [String] = []
            for _ in 0..<3 {
                let answer = try await exchange(transport, base, .get, "/limited", headers: ["Authorization": "a"])
                #expect(answer.head.status.code == 200)
                #expect(answer.head.headerFields[HTTPField.Name("RateLimit-Limit")!] == "3")
                remaining.append(answer.head.headerFields[HTTPField.Name("RateLimit-Remaining")!] ?? "none")
                let reset = Int(answer.head.headerFields[HTTPField.Name("RateLimit-Reset")!] ?? "") ?? 0
                #expect((1...60).contains(reset))
            }
            #expect(remaining == ["2", "1", "0"])
            let refused = try await exchange(transport, base, .get, "/limited", headers: ["Authorization": "a"])
            #expect(refused.head.status.code == 429)
            let retryAfter = Int(refused.head.headerFields[.retryAfter] ?? "") ?? 0
            #expect((1...60).contains(retryAfter))
            #expect(refused.head.headerFields[HTTPField.Name("RateLimit-Remaining")!] == "0")
            let envelope = try jsonObject(refused)
            #expect(envelope["code"] as? Int == 429)
            #expect(
                (envelope["message"] as? String)?.contains("rate limit of 3 request(s) per 60s reached; retry in ")
                    == true
            )
            // Another key has a window of its own.
            let other = try await exchange(transport, base, .get, "/limited", headers: ["Authorization": "b"])
            #expect(other.head.status.code == 200)
            #expect(other.head.headerFields[HTTPField.Name("RateLimit-Remaining")!] == "2")
        }
    }

    @Test(arguments: Mode.allCases) func aNetworkHoldsTheAnswerForItsLatencyAndPacesTheBody(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let started = ContinuousClock.now
            let answer = try await exchange(transport, base, .get, "/paced")
            // 300 ms, then 1,600 bytes at 8 KB/s in 100 ms pieces of 819 bytes: the second piece 100 ms later.
            #expect(ContinuousClock.now - started >= .milliseconds(400))
            #expect(answer.body.count == 1600)
            let named = try await exchange(transport, base, .get, "/users/1", headers: ["X-StandIn-Network": "edge"])
            #expect(named.head.status.code == 200)
            #expect(ContinuousClock.now - started >= .milliseconds(800))
        }
    }

    @Test(arguments: Mode.allCases) func anUnknownNetworkIsA400NamingTheKnownOnes(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let answer = try await exchange(transport, base, .get, "/users/1", headers: ["X-StandIn-Network": "moon"])
            #expect(answer.head.status.code == 400)
            let message = try jsonObject(answer)["message"] as? String
            #expect(message?.hasPrefix("X-StandIn-Network: unknown network \"moon\"") == true, "\(message ?? "")")
            #expect(message?.contains("edge, 3g, lte, wifi, very-bad, slow-lane") == true, "\(message ?? "")")
        }
    }
}
