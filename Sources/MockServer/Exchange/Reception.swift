import StandInEngine
import StandInFixtures

/// Where a loop's requests become exchanges, in front of every responder: each gets its request id and its log
/// entry here, once. In record mode the recorder and the fixtures' answers share one reception.
struct Reception {
    private var requestIDs = RequestIDGenerator()
    private let log: RequestLog
    /// In record mode, the recorder's redaction: the access log shows paths with the request's secret values
    /// replaced, as the recorded files do.
    let redactor: Redactor?

    init(log: RequestLog, redactor: Redactor?) {
        self.log = log
        self.redactor = redactor
    }

    /// The exchange of `request`, just arrived. The access log names the host of a request that came through the
    /// proxy (`https://api.example.com/users/1`).
    mutating func receive(_ request: ServerRequest) -> Exchange {
        Exchange(
            request,
            requestId: requestIDs.id(for: request.header(named: "X-Request-ID")),
            loggedPath: Self.origin(of: request)
                + (redactor.map { $0.redactPath(of: UpstreamCall(request).exchange()) } ?? request.path),
            log: log
        )
    }

    /// `scheme://host` of a request that came through the proxy; empty for any other, and for a `CONNECT` (whose
    /// target is the host).
    private static func origin(of request: ServerRequest) -> String {
        guard request.method != "CONNECT", let host = request.proxyHost else { return "" }
        return (request.arrivedOverTLS ? "https://" : "http://") + host
    }
}
