/// What the fixtures answer a request with: the answering core that the server and `MockRegistry` share. A request
/// for a `"resource"` picks the resource's variant, then the store answers (unless the variant answers in its
/// place); any other is matched, then it picks the matched fixture's sequence step and variant (`ResponseChooser`).
/// The caller renders the chosen response into its sink (`CompiledResponse.write`) or sends a `JSONReply`, and adds
/// only its own I/O, timing and faults.
public enum FixtureAnswer: Sendable {
    /// A resource's store answered the request; send the reply, with the delay and fault of `response` (the
    /// resource's, or its variant's) applied.
    case resource(JSONReply, fixture: Fixture, response: CompiledResponse, variant: String?)
    /// A fixture matched and its response for this request is chosen (`variant` nil for the default response).
    case matched(FixtureIndex.Match, response: CompiledResponse, variant: String?)
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
                    self = .matched(match, response: chosen.response, variant: chosen.variant)
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
        var sequenceValue: String?
        if let sequenceBy = match.fixture.sequenceBy {
            var context = RenderContext(
                facts: facts,
                captures: match.captures,
                requestId: "",
                random: Self.sequenceKeyRandom
            )
            sequenceValue = context.resolve(sequenceBy)
            facts = context.facts
        }
        do {
            let chosen = try chooser.response(
                of: match.fixture,
                requestedVariant: requestedVariant,
                sequenceValue: sequenceValue
            )
            self = .matched(match, response: chosen.response, variant: chosen.variant)
        } catch {
            self = .refused(match.fixture, error)
        }
    }

    /// What a `sequenceBy` expression's random helpers draw from: a key is meant to be read from the request, so
    /// it needs no seeded source of its own.
    @usableFromInline static let sequenceKeyRandom = TemplateRandom(seed: 0)
}
