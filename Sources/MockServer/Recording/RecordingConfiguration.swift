import Foundation
import StandInFixtures

/// How `standin record` proxies and records: the real backend, where files go, which requests are recorded, and
/// what the files match and keep.
public struct RecordingConfiguration: Sendable {
    /// Which requests go to the backend.
    public enum Mode: String, Sendable, CaseIterable {
        /// Every request is proxied and recorded.
        case all
        /// Requests that a fixture already answers are served from it; only the rest are proxied and recorded.
        case missing
    }

    /// The backend's base URL (`https://api.example.com`, or with a path prefix: `https://example.com/api`); nil when
    /// only the proxy records (`record --proxy-port`, each intercepted host being its own backend), the main port then
    /// answering 502.
    public var upstream: URL?
    /// The folder under the mocks directory the files go to.
    public var into: String
    /// Which requests go to the backend.
    public var mode: Mode
    /// What the files match, keep and redact. Its `envelope` is replaced by the one in the mocks directory's
    /// `standin.json`.
    public var rules: RecordingRules
    /// How long a backend call may take before the client gets 504.
    public var timeout: Duration
    /// Accept any backend certificate (only where `URLSessionTransport.canTrustAnyCertificate`).
    public var trustsAnyCertificate: Bool
    /// Certificates (DER) trusted as roots for `https` backends besides the system's (`--upstream-ca`); only where
    /// `URLSessionTransport.canTrustAnyCertificate`.
    public var trustedRoots: [Data]
    /// The most bytes of answers (bodies, and the decoded bytes of compressed ones) that the calls in flight hold
    /// at once; an answer that would take them past it is refused with 503 and not recorded.
    public var maxInFlightBytes: Int

    /// The default of `maxInFlightBytes`: four of the largest answers the backend may send (64 MB each).
    public static let defaultMaxInFlightBytes = 256 * 1024 * 1024

    /// Creates a configuration; by default everything is recorded into `recorded/`, with 30 s for each backend call,
    /// certificates checked against the system's roots, and 256 MiB of answers in flight at most.
    public init(
        upstream: URL?,
        into: String = "recorded",
        mode: Mode = .all,
        rules: RecordingRules = RecordingRules(),
        timeout: Duration = .seconds(30),
        trustsAnyCertificate: Bool = false,
        trustedRoots: [Data] = [],
        maxInFlightBytes: Int = defaultMaxInFlightBytes
    ) {
        self.trustedRoots = trustedRoots
        self.upstream = upstream
        self.into = into
        self.mode = mode
        self.rules = rules
        self.timeout = timeout
        self.trustsAnyCertificate = trustsAnyCertificate
        self.maxInFlightBytes = maxInFlightBytes
    }
}
