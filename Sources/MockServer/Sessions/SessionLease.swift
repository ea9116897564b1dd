import Foundation
import StandInSupport

/// How long a session lives: its time to live without a request, and when it was last used (nil once it has ended).
/// Every request and admin call of the session renews it; each session has its own lock.
final class SessionLease: Sendable {
    /// How long the session lives without a request.
    let ttl: Duration
    private let clock: SessionClock
    private let lastUsed: Locked<ContinuousClock.Instant?>

    init(ttl: Duration, clock: SessionClock) {
        self.ttl = ttl
        self.clock = clock
        lastUsed = Locked(clock.now())
    }

    /// Marks the session used at `now` (nil: the clock's now), which starts its idle time over, unless it had expired
    /// by then; returns whether it was alive. (One clock reading and one turn of the lock per request.)
    func renew(ifAliveAt now: ContinuousClock.Instant? = nil) -> Bool {
        let now = now ?? clock.now()
        return lastUsed.withLock { lastUsed in
            guard let last = lastUsed, last + ttl >= now else { return false }
            lastUsed = now
            return true
        }
    }

    /// Ends the session: from now on it counts as expired, so that its port, until it closes, answers 404.
    func end() {
        lastUsed.withLock { $0 = nil }
    }

    /// Whether the session has ended, or been idle for longer than its `ttl` at `now` (nil: the clock's now).
    func hasExpired(at now: ContinuousClock.Instant? = nil) -> Bool {
        guard let last = lastUsed.withLock({ $0 }) else { return true }
        return last + ttl < (now ?? clock.now())
    }

    /// When the session expires if no request comes before, on the wall clock.
    var expiresAt: Date {
        let now = clock.now()
        let remaining = (lastUsed.withLock { $0 } ?? now) + ttl - now
        let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
        return clock.date().addingTimeInterval(seconds)
    }
}
