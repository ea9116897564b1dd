import StandInSupport

/// A response as a fixture declares it: decoded and checked, not yet compiled.
///
/// A field is nil when the declaration does not set it, so that a variant (a partial response) can be laid over a
/// default response or a sequence step before the result is compiled.
struct ResponseDefinition {
    /// The status; 200 when nothing sets it, 101 for a WebSocket conversation.
    var status: Int?
    /// The headers with the line of each, a nil value for a header the response must not send (`null`: not the
    /// body's default Content-Type, not the project's header); a variant's headers replace the whole set.
    var headers: [(name: String, value: String?, line: Int)]?
    /// The body form; none means an empty body (or, with `events`, a stream; with `websocket`, a conversation).
    var body: ResponseBody?
    /// The events of a stream, in place of a body.
    var events: EventStreamDefinition?
    /// The WebSocket conversation the response upgrades to, in place of a body.
    var websocket: WebSocketDefinition?
    /// The body form's key and its line, when set: for messages.
    var bodyKey: (name: String, line: Int)?
    /// How long to wait before answering.
    var delay: DelaySpec?
    /// How to break the response.
    var fault: Fault?
    /// The line of `fault`, for messages.
    var faultLine: Int?
    /// The network the answer travels over.
    var network: NetworkProfile?

    /// This definition with every field `variant` sets replaced by the variant's. A variant that sets a status
    /// without a body (204, 304) and no body of its own drops the body it would otherwise keep; on a WebSocket
    /// conversation, any status but 101 does (the upgrade is refused). A variant that turns a conversation into a
    /// plain answer, or a plain answer into a conversation, keeps only its own status.
    func applying(_ variant: ResponseDefinition) -> ResponseDefinition {
        let setsBody = variant.body != nil || variant.events != nil || variant.websocket != nil
        let dropsBody =
            !setsBody
            && variant.status.map { websocket == nil ? BodilessResponse.status($0) : $0 != 101 } == true
        let keepsBody = !setsBody && !dropsBody
        let switchesAnswer = setsBody && (variant.websocket == nil) != (websocket == nil)
        return ResponseDefinition(
            status: variant.status ?? (switchesAnswer ? nil : status),
            headers: variant.headers ?? headers,
            body: keepsBody ? body : variant.body,
            events: keepsBody ? events : variant.events,
            websocket: keepsBody ? websocket : variant.websocket,
            bodyKey: setsBody ? variant.bodyKey : (dropsBody ? nil : bodyKey),
            delay: variant.delay ?? delay,
            fault: variant.fault ?? fault,
            faultLine: variant.fault != nil ? variant.faultLine : faultLine,
            network: variant.network ?? network
        )
    }

    /// Compiles the definition into a response ready to serve; a body with a status that has none (1xx, 204, 304)
    /// is an error.
    func compile(config: ProjectConfig, pathParameters: Set<String>?) throws(FixtureError) -> CompiledResponse {
        let status = status ?? (websocket == nil ? 200 : 101)
        if let bodyKey, websocket == nil, BodilessResponse.status(status) {
            throw FixtureError(
                "a \(status) response has no body; remove its \(bodyKey.name.quoted) or change the status",
                line: bodyKey.line
            )
        }
        if case .cutStream(let count?) = fault {
            guard let events else {
                throw FixtureError("afterEvents counts the events of an \"events\" response", line: faultLine)
            }
            guard count <= events.events.count else {
                throw FixtureError(
                    "afterEvents \(count) is beyond the stream's \(events.events.count) events",
                    line: faultLine
                )
            }
        }
        let headers = headers ?? []
        let compiler = TemplateCompiler(pathParameters: pathParameters)
        return try CompiledResponse(
            status: status,
            headers: headers.compactMap { header in header.value.map { (header.name, $0, header.line) } },
            omitting: Set(headers.filter { $0.value == nil }.map { $0.name.lowercased() }),
            body: body ?? .empty,
            events: try events?.compile(with: compiler),
            websocket: try websocket?.compile(with: compiler),
            config: config,
            pathParameters: pathParameters,
            delay: delay,
            fault: fault,
            network: network
        )
    }
}
