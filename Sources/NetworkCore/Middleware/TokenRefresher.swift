/// Makes sure a token store refreshes at most once at a time, and not at all when the token already changed.
actor TokenRefresher {
    private let tokens: any TokenStore
    private var inFlight: Task<String?, any Error>?

    init(tokens: any TokenStore) {
        self.tokens = tokens
    }

    /// A token to use instead of `rejected`: the result of the refresh in flight, if any; else the store's current
    /// token if it differs from `rejected`; else the result of a new refresh.
    func token(replacing rejected: String?) async throws -> String? {
        if let inFlight { return try await inFlight.value }
        // The task is stored before this actor suspends, so concurrent callers join it instead of starting another.
        let task = Task<String?, any Error> { [tokens] in
            if let current = await tokens.accessToken(), current != rejected { return current }
            return try await tokens.refreshAccessToken()
        }
        inFlight = task
        let result = await task.result
        inFlight = nil
        return try result.get()
    }
}
