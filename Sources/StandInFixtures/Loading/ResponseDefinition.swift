import StandInSupport

/// A response as a fixture declares it: decoded and checked, not yet compiled.
///
/// A field is nil when the declaration does not set it, so that a variant (a partial response) can be laid over a
/// default response or a sequence step before the result is compiled.
struct ResponseDefinition {
    /// The status; 200 when nothing sets it.
    var status: Int?
    /// The headers with the line of each, a nil value for a header the response must not send (`null`: not the
    /// body's default Content-Type, not the project's header); a variant's headers replace the whole set.
    var headers: [(name: String, value: String?, line: Int)]?
    /// The body form; none means an empty body (or, with `events`, a stream).
    var body: ResponseBody?
    /// The events of a stream, in place of a body.
    var events: EventStreamDefinition?
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
    /// without a body (204, 304) and no body of its own drops the body it would otherwise keep.
    func applying(_ variant: ResponseDefinition) -> ResponseDefinition {
        let setsBody = variant.body != nil || variant.events != nil
        let dropsBody = !setsBody && variant.status.map(BodilessResponse.status) == true
        let keepsBody = !setsBody && !dropsBody
        return ResponseDefinition(
            status: variant.status ?? status,
            headers: variant.headers ?? headers,
            body: keepsBody ? body : variant.body,
            events: keepsBody ? events : variant.events,
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
        let status = status ?? 200
        if let bodyKey, BodilessResponse.status(status) {
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
        return try CompiledResponse(
            status: status,
            headers: headers.compactMap { header in header.value.map { (header.name, $0, header.line) } },
            omitting: Set(headers.filter { $0.value == nil }.map { $0.name.lowercased() }),
            body: body ?? .empty,
            events: try events?.compile(with: TemplateCompiler(pathParameters: pathParameters)),
            config: config,
            pathParameters: pathParameters,
            delay: delay,
            fault: fault,
            network: network
        )
    }
}
