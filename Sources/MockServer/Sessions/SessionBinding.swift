/// What a session's port answers with: the session's state, while its lease lasts.
struct SessionBinding: Sendable {
    let state: SessionState
    let lease: SessionLease

    /// The state, with the lease renewed; a 404 once the session has ended or expired (its port closes soon after).
    func use() -> Result<SessionState, AdminError> {
        guard lease.renew() else {
            return .failure(AdminError(status: 404, message: "the session this port belongs to has ended or expired"))
        }
        return .success(state)
    }
}
