extension CompiledResponse {
    /// Writes headers (with `X-Request-ID`) and body into `sink`, rendering templates from `context`; returns the
    /// names of headers whose rendered values had control characters escaped. Inlinable, so the server's call is
    /// specialized for its request and sink: this runs for every request.
    @inlinable
    @discardableResult
    public func write<Request: IncomingRequest, Sink: ResponseSink>(
        with context: inout RenderContext<Request>,
        into sink: inout Sink
    ) -> [String] {
        let escaped = writeHeaders(with: &context, into: &sink)
        if let fixed = body.fixedBytes {
            sink.appendBody(fixed)
        } else {
            body.render(with: &context) { sink.appendBody($0) }
        }
        return escaped
    }

    /// Writes the headers (with `X-Request-ID`) into `sink`, rendering templates from `context`. A rendered value
    /// with control characters (a request's `%0D%0A` in `{{query.next}}`) has them percent-encoded, and its name is
    /// returned for the log: HTTP cannot carry them.
    @inlinable
    @discardableResult
    public func writeHeaders<Request: IncomingRequest, Sink: ResponseSink>(
        with context: inout RenderContext<Request>,
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
        sink.addHeader("X-Request-ID", context.requestId)
        return escapedNames
    }
}
