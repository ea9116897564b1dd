/// A JSON answer StandIn writes itself rather than from a fixture: an error envelope (a control header it cannot
/// follow, an unreachable backend), the 404 or 405 for a request no fixture matches, or a stub `MockRegistry` was
/// given in code. Like every answer it carries the project's default headers, `Content-Type` and `X-Request-ID`.
public struct JSONReply: Sendable {
    /// The HTTP status.
    public let status: Int
    /// Every header to send, in order.
    public let headers: [(name: String, value: String)]
    /// The JSON bytes.
    public let body: [UInt8]
    /// The code of the envelope `body` is, if it is one.
    public let envelopeCode: Int?

    /// A reply with `body` (an envelope with `envelopeCode`, if that is given), the project's default headers and
    /// then `extraHeaders`.
    public init(
        status: Int,
        body: [UInt8],
        envelopeCode: Int? = nil,
        config: ProjectConfig,
        requestId: String,
        extraHeaders: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.body = body
        self.envelopeCode = envelopeCode
        headers =
            config.headers + extraHeaders + [("Content-Type", "application/json"), ("X-Request-ID", requestId)]
    }

    /// An error envelope whose code mirrors `status` and whose message says what happened.
    public static func error(
        status: Int,
        message: String,
        config: ProjectConfig,
        requestId: String,
        extraHeaders: [(name: String, value: String)] = []
    ) -> JSONReply {
        let body = ErrorEnvelope.body(code: status, message: message, format: config.envelope, requestId: requestId)
        return JSONReply(
            status: status,
            body: body,
            envelopeCode: status,
            config: config,
            requestId: requestId,
            extraHeaders: extraHeaders
        )
    }

    /// The 400 for a request that names a variant its fixture lacks.
    public static func unknownVariant(_ error: UnknownVariant, config: ProjectConfig, requestId: String) -> JSONReply {
        .error(status: 400, message: "X-StandIn-Variant: \(error)", config: config, requestId: requestId)
    }

    /// The answer to a request no fixture matches: its status, `Allow` header and near-miss envelope.
    public init(_ unmatched: UnmatchedResponse, config: ProjectConfig, requestId: String) {
        self.init(
            status: unmatched.status,
            body: unmatched.body,
            envelopeCode: unmatched.envelopeCode,
            config: config,
            requestId: requestId,
            extraHeaders: unmatched.headers
        )
    }

    /// Writes the headers and body into `sink`.
    public func write(into sink: inout some ResponseSink) {
        for header in headers { sink.addHeader(header.name, header.value) }
        sink.appendBody(body)
    }
}
