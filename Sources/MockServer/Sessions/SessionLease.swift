import Foundation
import StandInSupport

/// How long a session lives: its time to live without a request, and when it was last used. Every request and admin
/// call of the session renews it; each session has its own lock.
final class SessionLease: Sendable {
    /// How long the session lives without a request.
    let ttl: Duration
    private let lastUsed = Locked(ContinuousClock.now)

    init(ttl: Duration) {
        self.ttl = ttl
    }

    /// Marks the session used now, which starts its idle time over.
    func renew() {
        lastUsed.withLock { $0 = .now }
    }

    /// Whether the session has been idle for longer than its `ttl` at `now`.
    func hasExpired(at now: ContinuousClock.Instant = .now) -> Bool {
        lastUsed.withLock { $0 } + ttl < now
    }

    /// When the session expires if no request comes before, on the wall clock.
    var expiresAt: Date {
        let remaining = lastUsed.withLock { $0 } + ttl - .now
        let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
        return Date(timeIntervalSinceNow: seconds)
    }
}
