/// A fixture's rate limit, as a backend's gateway enforces one: `"rateLimit": {"requests": 5, "per": "1m", "by":
/// "header.Authorization"}`. Past `requests` in a window of `per`, the fixture answers 429 with `Retry-After`; every
/// answer of the fixture carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.
///
/// Windows are fixed, each starting with the first request it counts (never aligned to the clock), and counted per
/// session and per value of `by` (one window for every request without it).
public struct RateLimit: Sendable {
    /// The requests a window admits.
    public let requests: Int
    /// How long a window lasts.
    public let window: Duration
    /// The request value counted separately (`header.Authorization`), if any.
    public let key: Placeholder?

    /// A limit of `requests` per `window`, counted by `key`.
    public init(requests: Int, per window: Duration, by key: Placeholder? = nil) {
        precondition(requests > 0 && window > .zero, "a rate limit admits some requests in some time")
        self.requests = requests
        self.window = window
        self.key = key
    }
}

/// Where a request stands against its fixture's rate limit: what the `RateLimit-*` headers say, and whether it is
/// over the limit.
public struct RateLimitStatus: Sendable, Equatable {
    /// The requests the window admits.
    public let limit: Int
    /// How long the window lasts.
    public let window: Duration
    /// The requests the window still admits after this one.
    public let remaining: Int
    /// The whole seconds until the window ends (at least 1).
    public let resetSeconds: Int
    /// Whether this request is past the limit, to be answered 429.
    public let isExceeded: Bool

    /// A status with these figures.
    public init(limit: Int, window: Duration, remaining: Int, resetSeconds: Int, isExceeded: Bool) {
        self.limit = limit
        self.window = window
        self.remaining = remaining
        self.resetSeconds = resetSeconds
        self.isExceeded = isExceeded
    }

    /// Adds `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), which every answer of the
    /// fixture carries, to `sink`.
    public func writeHeaders(into sink: inout some ResponseSink) {
        sink.addHeader("RateLimit-Limit", String(limit))
        sink.addHeader("RateLimit-Remaining", String(remaining))
        sink.addHeader("RateLimit-Reset", String(resetSeconds))
    }

    /// The 429 for a request past the limit: the error envelope, `Retry-After` and the `RateLimit-*` headers.
    public func refusal(config: ProjectConfig, requestId: String) -> JSONReply {
        .error(
            status: 429,
            message:
                "rate limit of \(limit) request(s) per \(DurationText.format(window)) reached; retry in \(resetSeconds) s",
            config: config,
            requestId: requestId,
            extraHeaders: [
                ("Retry-After", String(resetSeconds)), ("RateLimit-Limit", String(limit)),
                ("RateLimit-Remaining", String(remaining)), ("RateLimit-Reset", String(resetSeconds)),
            ]
        )
    }
}
