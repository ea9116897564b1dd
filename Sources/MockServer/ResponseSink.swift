import StandInFixtures

/// Where a response is written: straight into the request (the fast path), or into a `RenderedResponse` kept
/// for a later answer.
protocol ResponseSink {
    mutating func addHeader(_ name: String, _ value: String)
    mutating func appendBody(_ bytes: UnsafeRawBufferPointer)
    /// Appends bytes prepared at load; a sink that keeps the body may keep a reference instead of a copy.
    mutating func appendBody(_ bytes: [UInt8])
}

extension ResponseSink {
    mutating func appendBody(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { appendBody($0) }
    }
}

extension ServerRequest: ResponseSink {}

/// A response rendered now and sent later (after a delay, cut short, or in slow pieces).
struct RenderedResponse: ResponseSink {
    private(set) var headers: [(name: String, value: String)] = []
    private(set) var body: [UInt8] = []

    mutating func addHeader(_ name: String, _ value: String) {
        headers.append((name, value))
    }

    mutating func appendBody(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    /// Shares the bytes when they are the whole body (a large `file` body is not copied per request).
    mutating func appendBody(_ bytes: [UInt8]) {
        if body.isEmpty { body = bytes } else { body += bytes }
    }

    /// The same response with its body cut in half (at least one byte short; `{` for an empty body), for the
    /// `malformed-body` fault: a complete HTTP response whose body does not parse.
    var truncated: RenderedResponse {
        var copy = self
        copy.body = body.isEmpty ? [UInt8(ascii: "{")] : Array(body.prefix(body.count / 2))
        return copy
    }

    /// Adds its headers to `request`, and its body unless `includingBody` is false.
    func write(to request: ServerRequest, includingBody: Bool = true) {
        for header in headers { request.addHeader(header.name, header.value) }
        if includingBody { body.withUnsafeBytes { request.appendBody($0) } }
    }
}

extension CompiledResponse {
    /// Writes headers (with `X-Request-ID`) and body into `sink`, rendering templates from `context`; returns the
    /// names of headers whose rendered values had control characters escaped.
    @discardableResult
    func write<Sink: ResponseSink>(
        with context: inout RenderContext<ServerRequest>,
        requestId: String,
        into sink: inout Sink
    ) -> [String] {
        let escaped = writeHeaders(with: &context, requestId: requestId, into: &sink)
        if let fixed = body.fixedBytes {
            sink.appendBody(fixed)
        } else {
            body.render(with: &context) { sink.appendBody($0) }
        }
        return escaped
    }

    /// Writes the headers (with `X-Request-ID`) into `sink`, rendering templates from `context`. A rendered value
    /// with control characters (a request's `%0D%0A` in `{{query.next}}`) has them percent-encoded, and its name is
    /// returned for the log: evhttp would drop such a header without a word.
    @discardableResult
    func writeHeaders<Sink: ResponseSink>(
        with context: inout RenderContext<ServerRequest>,
        requestId: String,
        into sink: inout Sink
    ) -> [String] {
        var escapedNames: [String] = []
        for header in headers {
            if let fixed = header.fixedValue {
                sink.addHeader(header.name, fixed)
                continue
            }
            let rendered = HeaderSyntax.escapingControlCharacters(header.value.render(with: &context))
            if rendered.escaped { escapedNames.append(header.name) }
            sink.addHeader(header.name, rendered.value)
        }
        sink.addHeader("X-Request-ID", requestId)
        return escapedNames
    }

    /// The body when it is prepared bytes larger than `FixedBodyPieces.threshold`, to send in pieces.
    var largeFixedBody: [UInt8]? {
        body.fixedBytes.flatMap { $0.count > FixedBodyPieces.threshold ? $0 : nil }
    }
}
