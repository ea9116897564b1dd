/// A response rendered now and sent later (after a delay, cut short, in slow pieces) or handed over whole
/// (`MockRegistry`).
public struct RenderedResponse: ResponseSink, Sendable {
    /// The headers, in order.
    public private(set) var headers: [(name: String, value: String)] = []
    /// The body.
    public private(set) var body: [UInt8] = []

    /// An empty response, to render into.
    public init() {}

    public mutating func addHeader(_ name: String, _ value: String) {
        headers.append((name, value))
    }

    public mutating func appendBody(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    /// Shares the bytes when they are the whole body (a large `file` body is not copied per request).
    public mutating func appendBody(_ bytes: [UInt8]) {
        if body.isEmpty { body = bytes } else { body += bytes }
    }

    /// The same response with its body cut in half (at least one byte short; `{` for an empty body), for the
    /// `malformed-body` fault: a complete HTTP response whose body does not parse.
    public var truncated: RenderedResponse {
        var copy = self
        copy.body = body.isEmpty ? [UInt8(ascii: "{")] : Array(body.prefix(body.count / 2))
        return copy
    }

    /// The same response without its body, for a status or method that has none (`BodilessResponse`).
    public var withoutBody: RenderedResponse {
        var copy = self
        copy.body = []
        return copy
    }
}
