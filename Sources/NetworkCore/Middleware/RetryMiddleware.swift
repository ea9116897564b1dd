/// Tries a call again, after a backoff, when its policy says the failure is worth it.
///
/// It retries on the policy's HTTP statuses, business codes and transport errors, waits the policy's backoff (or
/// the response's `Retry-After` seconds), and returns the last response or throws the last error when attempts run
/// out. Cancellation ends the wait at once.
public struct RetryMiddleware: Middleware {
    /// The policy.
    public let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates the middleware.
    /// - Parameters:
    ///   - policy: When and how often to retry.
    ///   - sleep: How to wait between attempts; `Task.sleep` unless a test records the delays instead.
    public init(
        policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.policy = policy
        self.sleep = sleep
    }

    /// Calls `next` until it succeeds, the failure is not retryable, or the attempts run out.
    public func intercept(
        _ request: ClientRequest,
        next: @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var attempt = 1
        while true {
            let delay: Duration
            do {
                let response = try await next(request)
                guard attempt < policy.maxAttempts,
                    let wait = retryDelay(after: response, of: request, attempt: attempt)
                else { return response }
                delay = wait
            } catch let error as NetworkError {
                guard attempt < policy.maxAttempts, case .transport(let failure) = error,
                    policy.transportErrors(failure), failure.isNeverSent || isIdempotent(request)
                else { throw error }
                delay = policy.delay(beforeRetry: attempt)
            }
            try await sleep(delay)
            attempt += 1
        }
    }

    /// The wait before retrying `response`, or `nil` when it should be returned as it is.
    private func retryDelay(after response: ClientResponse, of request: ClientRequest, attempt: Int) -> Duration? {
        let retryable =
            policy.statuses.contains(response.head.status.code)
            || (response.isSuccessStatus && response.envelope.map { policy.businessCodes.contains($0.code) } == true)
        guard retryable, isIdempotent(request) else { return nil }
        if let value = response.head.headerFields[.retryAfter], let seconds = Int(value.trimmingPrefixSpaces) {
            let wait = Duration.seconds(max(seconds, 0))
            return wait <= policy.maxRetryAfter ? wait : nil
        }
        return policy.delay(beforeRetry: attempt)
    }

    private func isIdempotent(_ request: ClientRequest) -> Bool {
        if policy.retriesNonIdempotentRequests { return true }
        switch request.head.method {
        case .get, .head, .options, .put, .delete, .trace: return true
        default: return false
        }
    }
}

extension TransportError {
    /// Whether the request certainly never reached the server, so that any method may be sent again.
    fileprivate var isNeverSent: Bool {
        if case .cannotConnect = self { return true }
        return false
    }
}

extension String {
    fileprivate var trimmingPrefixSpaces: Substring {
        let trimmed = drop { $0 == " " }
        return trimmed.prefix { $0 != " " }
    }
}
