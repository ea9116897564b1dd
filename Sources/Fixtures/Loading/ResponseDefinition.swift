/// A response as a fixture declares it: decoded and checked, not yet compiled.
///
/// A field is nil when the declaration does not set it, so that a variant (a partial response) can be laid over a
/// default response or a sequence step before the result is compiled.
struct ResponseDefinition {
    /// The status; 200 when nothing sets it.
    var status: Int?
    /// The headers with the line of each; a variant's headers replace the whole set.
    var headers: [(name: String, value: String, line: Int)]?
    /// The body form; none means an empty body.
    var body: ResponseBody?
    /// How long to wait before answering.
    var delay: DelaySpec?
    /// How to break the response.
    var fault: Fault?

    /// This definition with every field `variant` sets replaced by the variant's.
    func applying(_ variant: ResponseDefinition) -> ResponseDefinition {
        ResponseDefinition(
            status: variant.status ?? status,
            headers: variant.headers ?? headers,
            body: variant.body ?? body,
            delay: variant.delay ?? delay,
            fault: variant.fault ?? fault
        )
    }

    /// Compiles the definition into a response ready to serve.
    func compile(config: ProjectConfig, pathParameters: Set<String>?) throws(FixtureError) -> CompiledResponse {
        try CompiledResponse(
            status: status ?? 200,
            headers: headers ?? [],
            body: body ?? .empty,
            config: config,
            pathParameters: pathParameters,
            delay: delay,
            fault: fault
        )
    }
}
