import MockServer

extension MockServer {
    /// What the server holds, as `held()` counts it, once `isSettled` accepts it, or after a minute: for waiting on
    /// what clients left behind instead of sleeping.
    func held(
        until isSettled: ((connections: Int, deferredRequests: Int)) -> Bool
    ) async throws -> (connections: Int, deferredRequests: Int) {
        let deadline = ContinuousClock.now + .seconds(60)
        var held = await held()
        while !isSettled(held), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            held = await self.held()
        }
        return held
    }
}
