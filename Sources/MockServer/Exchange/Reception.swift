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

    /// The exchange of `request`, just arrived.
    mutating func receive(_ request: ServerRequest) -> Exchange {
        Exchange(
            request,
            requestId: requestIDs.id(for: request.header(named: "X-Request-ID")),
            loggedPath: redactor.map { $0.redactPath(of: UpstreamCall(request).exchange()) } ?? request.path,
            log: log
        )
    }
}
