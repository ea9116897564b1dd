import StandInSupport

/// The live sessions, by id, at most `limit` of them. Only requests and admin calls that name a session take its
/// lock; requests without one never do.
final class SessionRegistry: Sendable {
    /// The most sessions alive at once (`--max-sessions`).
    let limit: Int
    private let sessions = Locked<[String: Session]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds a session made by `make` with a new id, after dropping the expired ones; nil when `limit` sessions are
    /// alive.
    func add(_ make: (_ id: String) -> Session) -> Session? {
        sessions.withLock { sessions in
            Self.dropExpired(from: &sessions)
            guard sessions.count < limit else { return nil }
            var id = SessionID.make()
            while sessions[id] != nil { id = SessionID.make() }
            let session = make(id)
            sessions[id] = session
            return session
        }
    }

    /// The live session with `id`, marked used; nil when there is none or it has expired (then it is ended).
    func use(_ id: some StringProtocol) -> Session? {
        let key = String(id)
        return sessions.withLock { sessions in
            guard let session = sessions[key] else { return nil }
            guard !session.hasExpired() else {
                sessions[key] = nil
                return nil
            }
            session.touch()
            return session
        }
    }

    /// Ends the session with `id`; returns it, or nil when no live session has that id.
    func end(_ id: String) -> Session? {
        sessions.withLock { sessions in
            guard let session = sessions.removeValue(forKey: id) else { return nil }
            return session.hasExpired() ? nil : session
        }
    }

    /// The live sessions, ordered by id, after dropping the expired ones.
    var all: [Session] {
        sessions.withLock { sessions in
            Self.dropExpired(from: &sessions)
            return sessions.values.sorted { $0.id < $1.id }
        }
    }

    private static func dropExpired(from sessions: inout [String: Session]) {
        let now = ContinuousClock.now
        sessions = sessions.filter { !$0.value.hasExpired(at: now) }
    }
}
