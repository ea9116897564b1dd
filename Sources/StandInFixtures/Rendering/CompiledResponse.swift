import NetworkCore

/// A response ready to serve: status, headers and body as byte templates, prepared once at load. A class, so
/// serving a request takes one reference to it rather than copying its parts.
public final class CompiledResponse: Sendable {
    /// A response header; its value may hold placeholders.
    public struct Header: Sendable {
        /// The header name as the fixture wrote it.
        public let name: String
        /// The value, as a template.
        public let value: ByteTemplate
        /// The value, when it has no placeholder.
        public let fixedValue: String?

        init(name: String, value: ByteTemplate) {
            self.name = name
            self.value = value
            fixedValue = value.fixedBytes.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The HTTP status code.
    public let status: Int
    /// The headers, the project's default headers and Content-Type included; `X-Request-ID` is added when served.
    public let headers: [Header]
    /// The body; empty for a stream of `events`.
    public let body: ByteTemplate
    /// The server-sent events the response streams instead of a body, if it is a stream.
    public let events: EventStreamScript?
    /// The WebSocket conversation the response upgrades to (status 101), if it is one.
    public let websocket: WebSocketScript?
    /// How long to wait before answering, if at all.
    public let delay: DelaySpec?
    /// How to break the response on purpose, if at all.
    public let fault: Fault?
    /// The network the answer travels over (`"network": "3g"`), if the response names one.
    public let network: NetworkProfile?
    /// The code of an `envelope` body (its own, else the project's success code); nil for any other body form.
    public let envelopeCode: Int?

    /// Compiles a response.
    /// - Parameters:
    ///   - headers: the fixture's headers with the line of each, in order.
    ///   - omitting: the lower-cased names of headers not to send at all: neither the body's default Content-Type
    ///     nor the project's default header of that name.
    ///   - events: the server-sent events streamed instead of `body` (then `.empty`).
    ///   - websocket: the WebSocket conversation the response upgrades to instead of a body (then `.empty`).
    ///   - config: supplies the envelope format and the default headers every response carries.
    ///   - pathParameters: the names `{{path.NAME}}` may use; nil when unknown (regex paths).
    ///   - delay: how long to wait before answering.
    ///   - fault: how to break the response.
    ///   - network: the network the answer travels over.
    public init(
        status: Int,
        headers: [(name: String, value: String, line: Int)],
        omitting: Set<String> = [],
        body: ResponseBody,
        events: EventStreamScript? = nil,
        websocket: WebSocketScript? = nil,
        config: ProjectConfig,
        pathParameters: Set<String>?,
        delay: DelaySpec? = nil,
        fault: Fault? = nil,
        network: NetworkProfile? = nil
    ) throws(FixtureError) {
        let compiler = TemplateCompiler(pathParameters: pathParameters)
        var compiled: [Header] = []
        let ownNames = Set(headers.map { $0.name.lowercased() }).union(omitting)
        for header in config.headers where !ownNames.contains(header.name.lowercased()) {
            compiled.append(Header(name: header.name, value: .fixed(Array(header.value.utf8))))
        }
        for header in headers {
            let parts = try compiler.compileText(header.value, jsonEscaped: false, line: header.line)
            compiled.append(Header(name: header.name, value: ByteTemplate(parts)))
        }
        var defaults: [(name: String, value: String)] = []
        if events != nil {
            defaults = [("Content-Type", EventStreamScript.contentType), ("Cache-Control", "no-cache")]
        } else if let contentType = body.defaultContentType {
            defaults = [("Content-Type", contentType)]
        }
        for (name, value) in defaults
        where !omitting.contains(name.lowercased())
            && !compiled.contains(where: { $0.name.lowercased() == name.lowercased() })
        {
            compiled.append(Header(name: name, value: .fixed(Array(value.utf8))))
        }
        self.status = status
        self.headers = compiled
        self.body = ByteTemplate(try Self.compileBody(body, format: config.envelope, compiler: compiler))
        self.events = events
        self.websocket = websocket
        self.delay = delay
        self.fault = fault
        self.network = network
        if case .envelope(let code, _, _) = body {
            envelopeCode = code ?? config.envelope.successCode
        } else {
            envelopeCode = nil
        }
    }

    private static func compileBody(
        _ body: ResponseBody,
        format: EnvelopeFormat,
        compiler: TemplateCompiler
    ) throws(FixtureError) -> [ByteTemplate.Part] {
        switch body {
        case .empty:
            return []
        case .json(let node):
            return try compiler.compileJSON(node)
        case .text(let text, let line):
            return try compiler.compileText(text, jsonEscaped: false, line: line)
        case .bytes(let bytes, _):
            return [.literal(bytes)]
        case .envelope(let code, let message, let data):
            let message = message ?? JSONNode(.string(format.successMessage))
            var parts: [ByteTemplate.Part] = [.literal(keyBytes(format.codeKey, first: true))]
            parts.append(.literal(Array(String(code ?? format.successCode).utf8)))
            parts.append(.literal(keyBytes(format.messageKey)))
            parts += try compiler.compileJSON(message)
            parts.append(.literal(keyBytes(format.dataKey)))
            parts += try compiler.compileJSON(data ?? JSONNode(.null))
            parts.append(.literal(keyBytes(format.requestIdKey) + [UInt8(ascii: "\"")]))
            parts.append(.placeholder(.requestId, jsonEscaped: true))
            parts.append(.literal(Array("\"}".utf8)))
            return parts
        }
    }

    /// `{"key":` for the first member, `,"key":` after it.
    private static func keyBytes(_ key: String, first: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = Array((first ? "{\"" : ",\"").utf8)
        JSONWriter.appendEscaped(key, into: &bytes)
        bytes += Array("\":".utf8)
        return bytes
    }
}
