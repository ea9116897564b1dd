extension APIClient {
    /// Sends `endpoint` until its response satisfies `isDone`, every `interval`, for at most `timeout`.
    ///
    /// Errors from a call end polling and are rethrown as ``send(_:)`` throws them; running out of time throws
    /// ``PollingTimeoutError``; cancelling the task throws ``TransportError/cancelled`` (through `errorMapper`).
    public func poll<E: Endpoint>(
        _ endpoint: E,
        every interval: Duration,
        timeout: Duration,
        until isDone: (E.Response) throws -> Bool
    ) async throws -> E.Response {
        do {
            return try await NetworkCore.poll(
                every: interval,
                timeout: timeout,
                until: isDone,
                operation: { try await send(endpoint) }
            )
        } catch is CancellationError {
            throw errorMapper(.transport(.cancelled))
        }
    }
}
