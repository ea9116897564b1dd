import NetworkCore

/// What the recorder puts in a fixture's match, what it keeps out of files, and whether it keeps the latency.
public struct RecordingRules: Sendable {
    /// Drops and replaces secrets.
    public var redactor: Redactor
    /// Query parameters left out of the match (nonces, cache busters).
    public var ignoredQuery: Set<String>
    /// JSON paths (`meta.nonce` or `/meta/nonce`) left out of a JSON request body's match.
    public var ignoredBodyFields: [String]
    /// Request headers that become part of the match.
    public var matchHeaders: [String]
    /// Store the backend's observed time as the fixture's `delay`.
    public var keepLatency: Bool
    /// The project's envelope, to recognise envelope bodies.
    public var envelope: EnvelopeFormat

    /// Creates rules; by default only the method, path, query and body match, and the default secrets are redacted.
    public init(
        redactor: Redactor = Redactor(),
        ignoredQuery: Set<String> = [],
        ignoredBodyFields: [String] = [],
        matchHeaders: [String] = [],
        keepLatency: Bool = false,
        envelope: EnvelopeFormat = .standard
    ) {
        self.redactor = redactor
        self.ignoredQuery = ignoredQuery
        self.ignoredBodyFields = ignoredBodyFields
        self.matchHeaders = matchHeaders
        self.keepLatency = keepLatency
        self.envelope = envelope
    }
}
