import StandInSupport

/// The ports of ended sessions, each kept from new sessions for the time to live of the session that used it, counted
/// from its end: a client may still hold its base URL, and must reach nobody else's session through it.
final class RetiredPorts: Sendable {
    private let until = Locked<[Int: ContinuousClock.Instant]>([:])
    private let clock: SessionClock

    init(clock: SessionClock) {
        self.clock = clock
    }

    /// Keeps `port` from new sessions for `ttl` from now.
    func retire(_ port: Int, for ttl: Duration) {
        let now = clock.now()
        until.withLock { until in
            until = until.filter { $0.value > now }
            until[port] = now + ttl
        }
    }

    /// Whether `port` is still kept from new sessions.
    func contains(_ port: Int) -> Bool {
        let now = clock.now()
        return until.withLock { $0[port].map { $0 > now } ?? false }
    }
}
