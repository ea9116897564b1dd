import StandInFixtures
import Testing

/// The windows of rate limits: a hostile header cannot grow them without bound.
@Suite struct RateLimitCountersTests {
    /// 12,000 distinct keys of 4 KB each: the windows stay within `RateLimitCounters.maxWindows` (the oldest are
    /// dropped, so the first key gets a fresh window), and a long key is still counted as itself.
    @Test func hostileKeysAreBoundedInLengthAndCount() async throws {
        let counters = RateLimitCounters()
        let fixture = Fixture(
            id: "keyed.json",
            request: RequestPattern(method: .exact("GET"), path: .literal("/keyed")),
            response: try CompiledResponse(
                status: 200,
                headers: [],
                body: .empty,
                config: ProjectConfig(),
                pathParameters: []
            )
        )
        let limit = RateLimit(requests: 1, per: .seconds(60))
        let padding = String(repeating: "k", count: 4096)
        #expect(!counters.count(fixture, limit: limit, value: "first" + padding).isExceeded)
        #expect(counters.count(fixture, limit: limit, value: "first" + padding).isExceeded)
        #expect(!counters.count(fixture, limit: limit, value: "first" + padding + "x").isExceeded)
        for number in 0..<12_000 { _ = counters.count(fixture, limit: limit, value: padding + String(number)) }
        #expect(counters.windowCount <= RateLimitCounters.maxWindows)
        #expect(!counters.count(fixture, limit: limit, value: "first" + padding).isExceeded)
    }
}
