import Foundation

/// Where sessions read the time, for their time to live and for the ports they retire: the system's clocks, or in
/// tests a clock moved on by hand, so that no test waits for a TTL to pass.
package struct SessionClock: Sendable {
    /// The time now on a clock that never jumps: what leases and retired ports count with.
    package let now: @Sendable () -> ContinuousClock.Instant
    /// The same moment on the wall clock: what `expiresAt` in the admin API is told in.
    package let date: @Sendable () -> Date

    /// A clock that reads the time with `now` and `date`, which must move together.
    package init(now: @escaping @Sendable () -> ContinuousClock.Instant, date: @escaping @Sendable () -> Date) {
        self.now = now
        self.date = date
    }

    /// The system's clocks.
    package static let system = SessionClock(now: { .now }, date: { Date() })
}
