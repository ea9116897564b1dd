/// One session: an id, a name, the state its requests are answered with (and its lease), and its port.
final class Session: Sendable {
    /// The id a request names in `X-StandIn-Session`.
    let id: SessionID
    /// The name the caller gave, if any (shown in the list only).
    let name: String?
    /// What its requests change and read.
    let state: SessionState
    /// How long it lives without a request.
    let lease: SessionLease
    /// Its own listening port.
    let port: SessionPort

    init(id: SessionID, name: String?, state: SessionState, lease: SessionLease, port: SessionPort) {
        self.id = id
        self.name = name
        self.state = state
        self.lease = lease
        self.port = port
    }

    /// Ends the session's lease, so that its port answers 404 until it has closed, and closes the port.
    func end() {
        lease.end()
        port.close()
    }
}
