import StandInFixtures
import Testing

/// The windows of rate limits, on a clock the test sets: fixed windows that start with their first request, and keys a
/// hostile header cannot grow without bound.
@Suite struct RateLimitCountersTests {
    private let fixture: Fixture

    init() throws {
        let response = try CompiledResponse(
            status: 200,
            headers: [],
            body: .empty,
            config: ProjectConfig(),
            pathParameters: []
        )
        fixture = Fixture(
            id: "keyed.json",
            request: RequestPattern(method: .exact("GET"), path: .literal("/keyed")),
            response: response
        )
    }

    @Test func aWindowStartsWithItsFirstRequestAndEndsAfterItsLength() {
        let counters = RateLimitCounters()
        let limit = RateLimit(requests: 2, per: .seconds(10))
        let start = ContinuousClock.now
        let first = counters.count(fixture, limit: limit, value: nil, now: start)
        #expect(
            first == RateLimitStatus(limit: 2, window: .seconds(10), remaining: 1, resetSeconds: 10, isExceeded: false)
        )
        let second = counters.count(fixture, limit: limit, value: nil, now: start + .milliseconds(3_500))
        #expect(second.remaining == 0 && !second.isExceeded)
        #expect(second.resetSeconds == 7)  // 6.5 s left, rounded up
        let refused = counters.count(fixture, limit: limit, value: nil, now: start + .seconds(9))
        #expect(refused.isExceeded && refused.remaining == 0 && refused.resetSeconds == 1)
        // A refused request is not counted and does not move the window: it ends ten seconds after the first.
        let again = counters.count(fixture, limit: limit, value: nil, now: start + .seconds(10))
        #expect(
            again == RateLimitStatus(limit: 2, window: .seconds(10), remaining: 1, resetSeconds: 10, isExceeded: false)
        )
        counters.reset()
        #expect(counters.windowCount == 0)
    }

    /// 12,000 distinct keys of 4 KB each: the windows stay within `RateLimitCounters.maxWindows` (the oldest are
    /// dropped, so the first key gets a fresh window), and a long key is still counted as itself.
    @Test func hostileKeysAreBoundedInLengthAndCount() {
        let counters = RateLimitCounters()
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
