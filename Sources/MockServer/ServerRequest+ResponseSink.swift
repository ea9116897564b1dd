import StandInEngine
import StandInFixtures

/// The fast path: a response is rendered straight into the request's output headers and buffer.
extension ServerRequest: ResponseSink {}

extension ServerRequest {
    /// Sends a reply StandIn wrote itself (an error, the unmatched 404, a resource's answer), with `status` instead
    /// of its own if given. The request must not be used afterwards.
    func send(_ reply: JSONReply, status: Int? = nil) {
        var sink = self
        reply.write(into: &sink)
        send(status: status ?? reply.status)
    }

    /// Sends an error envelope in `config`'s format whose code mirrors `status` and whose message says what
    /// happened; a 503 also says when to try again (`Retry-After`). The request must not be used afterwards.
    func sendError(status: Int, message: String, config: ProjectConfig, requestId: String) {
        let retry = status == 503 ? [(name: "Retry-After", value: "1")] : []
        send(.error(status: status, message: message, config: config, requestId: requestId, extraHeaders: retry))
    }
}

extension RenderedResponse {
    /// Adds its headers to `request`, and its body unless `includingBody` is false.
    func write(to request: ServerRequest, includingBody: Bool = true) {
        for header in headers { request.addHeader(header.name, header.value) }
        if includingBody { body.withUnsafeBytes { request.appendBody($0) } }
    }
}

extension CompiledResponse {
    /// The body when it is prepared bytes larger than `FixedBodyPieces.threshold`, to send in pieces.
    var largeFixedBody: [UInt8]? {
        body.fixedBytes.flatMap { $0.count > FixedBodyPieces.threshold ? $0 : nil }
    }
}
