/// What the fixtures answer a request with: the answering core that the server and `MockRegistry` share. It
/// matches the request, then picks the matched fixture's sequence step and variant (`ResponseChooser`); the
/// caller renders the chosen response into its sink (`CompiledResponse.write`) or sends a `JSONReply`, and adds only
/// its own I/O, timing and faults.
public enum FixtureAnswer<Request: IncomingRequest> {
    /// A fixture matched and its response for this request is chosen; render it with `context`.
    case matched(fixture: Fixture, response: CompiledResponse, variant: String?, context: RenderContext<Request>)
    /// No fixture matched; `facts` describe the request to `UnmatchedResponse`.
    case unmatched(RequestFacts<Request>)
    /// A fixture matched, but the request names a variant it lacks: answer with `reply`, a 400 envelope.
    case refused(fixture: Fixture, reply: JSONReply)

    /// The answer to `request` from `fixtures`. Inlinable, so the server's call is specialized for its request
    /// type: this runs for every request.
    /// - Parameters:
    ///   - requestedVariant: the variant the request names (`X-StandIn-Variant`), if any.
    ///   - config: the project's envelope format and default headers, for the 400.
    @inlinable
    public init(
        to request: Request,
        from fixtures: FixtureIndex,
        chooser: ResponseChooser,
        requestedVariant: String?,
        requestId: String,
        config: ProjectConfig
    ) {
        var facts = RequestFacts(request)
        guard let match = fixtures.match(&facts) else {
            self = .unmatched(facts)
            return
        }
        do {
            let chosen = try chooser.response(of: match.fixture, requestedVariant: requestedVariant)
            let context = RenderContext(facts: facts, captures: match.captures, requestId: requestId)
            self = .matched(
                fixture: match.fixture,
                response: chosen.response,
                variant: chosen.variant,
                context: context
            )
        } catch {
            let message = "X-StandIn-Variant: \(error)"
            self = .refused(
                fixture: match.fixture,
                reply: .error(status: 400, message: message, config: config, requestId: requestId)
            )
        }
    }
}
