import StandInSupport

/// The windows of the fixtures' rate limits in one session (the server's default session, a named one, or a
/// `MockRegistry`); thread-safe, resettable.
///
/// A window is kept per fixture and per value of its `by` expression. A hostile client cannot grow them without
/// bound: a value longer than `maxValueBytes` is kept as its first bytes and a hash of the whole, and past
/// `maxWindows` windows (over every fixture) the least recently used tenth is dropped.
public final class RateLimitCounters: Sendable {
    /// The most windows kept, over every fixture.
    public static let maxWindows = 10_000
    /// The longest request value kept as it is.
    public static let maxValueBytes = 256

    private struct Key: Hashable {
        let fixture: String
        let value: String
    }

    private struct Window {
        var start: ContinuousClock.Instant
        var count: Int
        var lastUse: UInt64
    }

    private struct State {
        var windows: [Key: Window] = [:]
        /// Counts every use, to order the windows by their last.
        var uses: UInt64 = 0
    }

    private let state = Locked(State())

    /// Creates counters with no window open.
    public init() {}

    /// Counts a request of `fixture` against `limit` at `now`, and says where it stands. A request past the limit is
    /// not counted: the window ends when it would have.
    /// - Parameter value: the request's value of the limit's `by`, or nil when the limit has none.
    public func count(
        _ fixture: Fixture,
        limit: RateLimit,
        value: String?,
        now: ContinuousClock.Instant = .now
    ) -> RateLimitStatus {
        let key = Key(fixture: fixture.id, value: value.map(Self.bounded) ?? "")
        let (start, count, isExceeded) = state.withLock { state in
            state.uses &+= 1
            let before = state.windows.count
            // One lookup: the window is changed in place.
            let counted = Self.count(
                in: &state.windows[key, default: Window(start: now, count: 0, lastUse: 0)],
                limit: limit,
                now: now,
                use: state.uses
            )
            if state.windows.count > before, state.windows.count > Self.maxWindows {
                Self.dropLeastRecentlyUsed(from: &state.windows)
            }
            return counted
        }
        // Whole seconds, rounded up, from the duration's parts: dividing two durations goes through Double.
        let left = (limit.window - (now - start)).components
        return RateLimitStatus(
            limit: limit.requests,
            window: limit.window,
            remaining: limit.requests - count,
            resetSeconds: max(1, Int(left.seconds) + (left.attoseconds > 0 ? 1 : 0)),
            isExceeded: isExceeded
        )
    }

    /// Counts a request in `window` (a new one if it has ended), unless it is past the limit: the window's start and
    /// count after it, and whether it is past the limit.
    private static func count(
        in window: inout Window,
        limit: RateLimit,
        now: ContinuousClock.Instant,
        use: UInt64
    ) -> (start: ContinuousClock.Instant, count: Int, isExceeded: Bool) {
        if now - window.start >= limit.window { window = Window(start: now, count: 0, lastUse: 0) }
        let isExceeded = window.count >= limit.requests
        if !isExceeded { window.count += 1 }
        window.lastUse = use
        return (window.start, window.count, isExceeded)
    }

    /// How many windows are kept, over every fixture.
    public var windowCount: Int { state.withLock { $0.windows.count } }

    /// Closes every window.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// `value`, or its first bytes and a hash of the whole when it is longer than `maxValueBytes`.
    private static func bounded(_ value: String) -> String {
        guard value.utf8.count > maxValueBytes else { return value }
        let prefix = String(decoding: value.utf8.prefix(maxValueBytes - 24), as: UTF8.self)
        return "\(prefix)#\(String(UInt(bitPattern: value.hashValue), radix: 16))"
    }

    /// Drops the least recently used tenth of `windows`: one sort per thousand new windows, not a scan per request.
    private static func dropLeastRecentlyUsed(from windows: inout [Key: Window]) {
        let oldest = windows.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(maxWindows / 10)
        for (key, _) in oldest { windows[key] = nil }
    }
}
