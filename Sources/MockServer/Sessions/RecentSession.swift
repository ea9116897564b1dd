/// The session a loop's last request named, so that a run of requests naming the same session (a test's requests,
/// one connection after another) finds it without the registry's lock and dictionary. Only its lease is checked: an
/// ended or expired session fails its lease, and the registry is asked again. Held weakly, so that an ended session's
/// state is freed as it would be without it. One loop's, on its thread only.
struct RecentSession {
    private var id: SessionID?
    private weak var session: Session?

    /// The live session with `id`, marked used; nil when there is none or it has expired.
    mutating func use(_ id: SessionID, in registry: SessionRegistry) -> Session? {
        if id == self.id, let session, session.lease.renew() { return session }
        let found = registry.use(id)
        self.id = id
        session = found
        return found
    }
}
