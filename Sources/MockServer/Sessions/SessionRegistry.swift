import StandInSupport

/// The live sessions, by id, at most `limit` of them. Only requests and admin calls that name a session take its
/// lock; requests without one never do. A session that ends or expires has its port closed, and retired: no new
/// session gets it within the ended one's time to live.
final class SessionRegistry: Sendable {
    /// The most sessions alive at once (`--max-sessions`).
    let limit: Int
    private let sessions = Locked<[SessionID: Session]>([:])
    /// The ports of ended sessions that new sessions must not be given yet.
    let retiredPorts: RetiredPorts
    /// What the sessions' leases and retired ports count time with.
    let clock: SessionClock

    init(limit: Int, clock: SessionClock) {
        self.limit = limit
        self.clock = clock
        retiredPorts = RetiredPorts(clock: clock)
    }

    /// Whether `limit` sessions are alive, the expired ones not counted.
    var isFull: Bool {
        withSessions { $0.count >= limit }
    }

    /// A new id that no live session has.
    func unusedID() -> SessionID {
        sessions.withLock { sessions in
            var id = SessionID.random()
            while sessions[id] != nil { id = SessionID.random() }
            return id
        }
    }

    /// Adds `session`, whose id came from `unusedID`; false when `limit` sessions are alive, or when another session
    /// drew the same id meanwhile.
    func add(_ session: Session) -> Bool {
        withSessions { sessions in
            guard sessions.count < limit, sessions[session.id] == nil else { return false }
            sessions[session.id] = session
            return true
        }
    }

    /// The live session with `id`, marked used; nil when there is none or it has expired (then it is ended).
    func use(_ id: SessionID) -> Session? {
        let now = clock.now()
        var expired: Session?
        let found = sessions.withLock { sessions -> Session? in
            guard let session = sessions[id] else { return nil }
            guard session.lease.renew(ifAliveAt: now) else {
                expired = sessions.removeValue(forKey: id)
                return nil
            }
            return session
        }
        expired.map(finish)
        return found
    }

    /// Ends the session with `id` and closes its port; returns it, or nil when no live session has that id.
    func end(_ id: SessionID) -> Session? {
        guard let session = sessions.withLock({ $0.removeValue(forKey: id) }) else { return nil }
        let expired = session.lease.hasExpired()
        finish(session)
        return expired ? nil : session
    }

    /// Ends the sessions that have expired and closes their ports (a chore, once a second).
    func endExpired() {
        withSessions { _ in }
    }

    /// Ends every session (the server is stopping).
    func endAll() {
        let ended = sessions.withLock { sessions in
            defer { sessions.removeAll() }
            return Array(sessions.values)
        }
        for session in ended { finish(session) }
    }

    /// The live sessions, ordered by id.
    var all: [Session] {
        withSessions { $0.values.sorted { $0.id.description < $1.id.description } }
    }

    /// Runs `body` on the sessions after ending the expired ones, whose ports are closed after the lock.
    private func withSessions<Result>(_ body: (inout [SessionID: Session]) -> Result) -> Result {
        var expired: [Session] = []
        let result = sessions.withLock { sessions in
            let now = clock.now()
            for (id, session) in sessions where session.lease.hasExpired(at: now) {
                expired.append(session)
                sessions[id] = nil
            }
            return body(&sessions)
        }
        for session in expired { finish(session) }
        return result
    }

    /// Ends `session`, which has left the registry, and retires its ports.
    private func finish(_ session: Session) {
        session.end()
        for port in [session.port.port, session.port.tlsPort].compactMap({ $0 }) {
            retiredPorts.retire(port, for: session.lease.ttl)
        }
    }
}
