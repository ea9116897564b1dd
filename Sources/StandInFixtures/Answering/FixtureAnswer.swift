/// What the fixtures answer a request with: the answering core that the server and `MockRegistry` share. It
/// matches the request, then picks the matched fixture's sequence step and variant (`ResponseChooser`); the
/// caller renders the chosen response into its sink (`CompiledResponse.write`) or sends a `JSONReply`, and adds only
/// its own I/O, timing and faults.
public enum FixtureAnswer: Sendable {
    /// A fixture matched and its response for this request is chosen (`variant` nil for the default response).
    case matched(FixtureIndex.Match, response: CompiledResponse, variant: String?)
    /// No fixture matched; answer with `UnmatchedResponse`.
    case unmatched
    /// A fixture matched, but the request names a variant it lacks; answer with `JSONReply.unknownVariant`.
    case refused(Fixture, UnknownVariant)

    /// The answer to the request `facts` describe, from `fixtures`. Inlinable, so the server's call is specialized
    /// for its request type: this runs for every request.
    /// - Parameter requestedVariant: the variant the request names (`X-StandIn-Variant`), if any.
    @inlinable
    public init<Request: IncomingRequest>(
        to facts: inout RequestFacts<Request>,
        from fixtures: FixtureIndex,
        chooser: ResponseChooser,
        requestedVariant: String?
    ) {
        guard let match = fixtures.match(&facts) else {
            self = .unmatched
            return
        }
        var sequenceValue: String?
        if let sequenceBy = match.fixture.sequenceBy {
            var context = RenderContext(facts: facts, captures: match.captures, requestId: "")
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
}
