/// What the fixtures answer a request with: the answering core that the server and `MockRegistry` share. A request
/// for a `"resource"` picks the resource's variant, then the store answers (unless the variant answers in its
/// place); any other is matched, counted against the fixture's rate limit, then it picks the matched fixture's
/// sequence step and variant (`ResponseChooser`).
/// The caller renders the chosen response into its sink (`CompiledResponse.write`) or sends a `JSONReply`, and adds
/// only its own I/O, timing and faults.
public enum FixtureAnswer: Sendable {
    /// A resource's store answered the request; send the reply, with the delay and fault of `response` (the
    /// resource's, or its variant's) applied.
    case resource(JSONReply, fixture: Fixture, response: CompiledResponse, variant: String?)
    /// A fixture matched and its response for this request is chosen (`variant` nil for the default response);
    /// `rateLimit` says where the request stands against the fixture's rate limit, if it has one.
    case matched(FixtureIndex.Match, response: CompiledResponse, variant: String?, rateLimit: RateLimitStatus?)
    /// A fixture matched, but the request is past its rate limit; answer with `RateLimitStatus.refusal`.
    case limited(Fixture, RateLimitStatus)
    /// No fixture matched; answer with `UnmatchedResponse`.
    case unmatched
    /// A fixture matched, but the request names a variant it lacks; answer with `JSONReply.unknownVariant`.
    case refused(Fixture, UnknownVariant)

    /// The answer to the request `facts` describe, from `fixtures`. Inlinable, so the server's call is specialized
    /// for its request type: this runs for every request.
    /// - Parameters:
    ///   - resources: the state of the `"resource"` fixtures, which answer before any other fixture.
    ///   - config: the envelope format and default headers of a resource's reply.
    ///   - requestedVariant: the variant the request names (`X-StandIn-Variant`), if any.
    @inlinable
    public init<Request: IncomingRequest>(
        to facts: inout RequestFacts<Request>,
        from fixtures: FixtureIndex,
        resources: ResourceStore,
        config: ProjectConfig,
        requestId: String,
        chooser: ResponseChooser,
        requestedVariant: String?
    ) {
        if let target = resources.target(of: facts.request.path) {
            do {
                let chosen = try chooser.response(of: target.fixture, requestedVariant: requestedVariant)
                guard target.storeAnswers(in: chosen.variant) else {
                    let match = FixtureIndex.Match(fixture: target.fixture, captures: [])
                    self = .matched(match, response: chosen.response, variant: chosen.variant, rateLimit: nil)
                    return
                }
                let reply = target.answer(to: &facts, config: config, requestId: requestId)
                self = .resource(reply, fixture: target.fixture, response: chosen.response, variant: chosen.variant)
            } catch {
                self = .refused(target.fixture, error)
            }
            return
        }
        guard let match = fixtures.match(&facts) else {
            self = .unmatched
            return
        }
        var rateLimit: RateLimitStatus?
        if let limit = match.fixture.rateLimit {
            let value = limit.key.map { Self.requestValue($0, of: &facts, captures: match.captures) }
            let status = chooser.rateLimits.count(match.fixture, limit: limit, value: value)
            guard !status.isExceeded else {
                self = .limited(match.fixture, status)
                return
            }
            rateLimit = status
        }
        let sequenceValue = match.fixture.sequenceBy.map {
            Self.requestValue($0, of: &facts, captures: match.captures)
        }
        do {
            let chosen = try chooser.response(
                of: match.fixture,
                requestedVariant: requestedVariant,
                sequenceValue: sequenceValue
            )
            self = .matched(match, response: chosen.response, variant: chosen.variant, rateLimit: rateLimit)
        } catch {
            self = .refused(match.fixture, error)
        }
    }

    /// The request's value of a `sequenceBy` or `rateLimit.by` expression.
    @usableFromInline
    static func requestValue<Request: IncomingRequest>(
        _ expression: Placeholder,
        of facts: inout RequestFacts<Request>,
        captures: [(name: String, value: String)]
    ) -> String {
        var context = RenderContext(facts: facts, captures: captures, requestId: "", random: Self.requestKeyRandom)
        let value = context.resolve(expression)
        facts = context.facts
        return value
    }

    /// What a request-value expression's random helpers draw from: a key is meant to be read from the request, so
    /// it needs no seeded source of its own.
    @usableFromInline static let requestKeyRandom = TemplateRandom(seed: 0)
}
