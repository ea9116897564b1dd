import Foundation

/// When and how often ``RetryMiddleware`` tries a call again.
///
/// The delay before retry `n` (1-based) is `baseDelay × multiplier^(n-1)`, capped at `maxDelay`, then shortened by
/// up to `jitter` of itself at random so that many clients do not retry in step. A `Retry-After` header in seconds
/// replaces that delay; one longer than `maxRetryAfter` ends the retries.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included; `1` never retries.
    public var maxAttempts: Int
    /// HTTP statuses worth another attempt.
    public var statuses: Set<Int>
    /// Business codes (in a 2xx envelope) worth another attempt, such as "system busy".
    public var businessCodes: Set<Int>
    /// Which transport failures are worth another attempt.
    public var transportErrors: @Sendable (TransportError) -> Bool
    /// Whether to retry methods that are not idempotent (POST, PATCH) after they may have reached the server;
    /// a request that never connected is retried whatever its method.
    public var retriesNonIdempotentRequests: Bool
    /// The delay before the first retry.
    public var baseDelay: Duration
    /// The factor each further delay grows by.
    public var multiplier: Double
    /// The longest computed delay.
    public var maxDelay: Duration
    /// The fraction (0...1) of each delay that is random.
    public var jitter: Double
    /// The longest `Retry-After` that is waited for.
    public var maxRetryAfter: Duration

    /// Creates a policy; the defaults retry twice on 408, 429, 500, 502, 503, 504 and connectivity failures,
    /// after about 0.3 s and 0.6 s.
    public init(
        maxAttempts: Int = 3,
        statuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        businessCodes: Set<Int> = [],
        transportErrors: @escaping @Sendable (TransportError) -> Bool = { $0.isConnectivity },
        retriesNonIdempotentRequests: Bool = false,
        baseDelay: Duration = .milliseconds(300),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(10),
        jitter: Double = 0.2,
        maxRetryAfter: Duration = .seconds(30)
    ) {
        self.maxAttempts = maxAttempts
        self.statuses = statuses
        self.businessCodes = businessCodes
        self.transportErrors = transportErrors
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
        self.maxRetryAfter = maxRetryAfter
    }

    /// The policy that never retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The backoff before retry number `retry` (1 for the first retry), with jitter.
    public func delay(beforeRetry retry: Int) -> Duration {
        let exponent = Double(max(retry - 1, 0))
        let seconds = baseDelay.timeInterval * pow(multiplier, exponent)
        let capped = min(seconds, maxDelay.timeInterval)
        let jittered = capped * (1 - jitter * Double.random(in: 0..<1))
        return .nanoseconds(Int64((jittered * 1e9).rounded()))
    }
}
