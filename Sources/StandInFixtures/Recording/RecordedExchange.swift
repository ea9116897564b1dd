/// One request and the response the real backend gave, as the recorder turns it into a fixture.
///
/// The headers are those exchanged with the client: the response's already match the body (no `Content-Encoding`
/// when the body was decompressed on the way). Secrets are still in it; the recorder redacts them.
public struct RecordedExchange: Sendable {
    /// The host the request was sent to through the proxy (`record --proxy-port`), lower-case and without a port; nil
    /// in base-URL mode. The fixture then names it as `request.host` and lies in a folder named after it.
    public var host: String?
    /// The method, upper-case.
    public var method: String
    /// The path, percent-decoded, without the query.
    public var path: String
    /// The raw query string, without `?`.
    public var rawQuery: String?
    /// The request's headers as received.
    public var requestHeaders: [(name: String, value: String)]
    /// The request's body.
    public var requestBody: [UInt8]
    /// The response's status code.
    public var status: Int
    /// The response's headers as sent to the client.
    public var responseHeaders: [(name: String, value: String)]
    /// The response's body as sent to the client.
    public var responseBody: [UInt8]
    /// How long the backend took to answer (for a stream, to send its head).
    public var latency: Duration
    /// For an event stream (`text/event-stream`), the time before each event: since the previous event, or since
    /// the head for the first. Empty when unmeasured: the events are then stored without delays between them.
    public var eventDelays: [Duration]

    /// Creates an exchange.
    public init(
        host: String? = nil,
        method: String,
        path: String,
        rawQuery: String? = nil,
        requestHeaders: [(name: String, value: String)] = [],
        requestBody: [UInt8] = [],
        status: Int,
        responseHeaders: [(name: String, value: String)] = [],
        responseBody: [UInt8] = [],
        latency: Duration = .zero,
        eventDelays: [Duration] = []
    ) {
        self.host = host
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.latency = latency
        self.eventDelays = eventDelays
    }

    /// `METHOD /path`, as the endpoint table and summary show it.
    public var endpoint: String { "\(method) \(path)" }

    /// Headers that carry a digest of the body's exact bytes, by lower-cased name; also every `x-amz-checksum-*`.
    public static let digestHeaders: Set<String> = [
        "x-amz-crc32", "content-md5", "content-digest", "repr-digest", "digest", "x-goog-hash",
    ]

    /// Whether a header of this name carries a digest of the body.
    public static func isDigest(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return digestHeaders.contains(lowered) || lowered.hasPrefix("x-amz-checksum-")
    }

    /// The first value of a request header, by case-insensitive name.
    func requestHeader(named name: String) -> String? {
        requestHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The first value of a response header, by case-insensitive name.
    func responseHeader(named name: String) -> String? {
        responseHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
