/// Picks the response a matched fixture serves: its next sequence step, in the variant the request names, else the
/// one selected for its endpoint, else the one selected for every endpoint. A selected variant the fixture lacks
/// (another fixture of the endpoint has it) serves the default response. It also keeps the session's rate-limit
/// windows. The server and `MockRegistry` both choose through it, one per session.
public final class ResponseChooser: Sendable {
    /// Where each sequence fixture is.
    public let sequences = SequenceCounters()
    /// The variants selected when a request names none.
    public let variants: VariantSelection
    /// The windows of the fixtures' rate limits.
    public let rateLimits = RateLimitCounters()

    /// Creates a chooser with every sequence at its first step.
    /// - Parameter variants: endpoint (`GET /users/{id}`) -> variant name, as the command line gave them.
    public init(variants: [String: String] = [:]) {
        self.variants = VariantSelection(variants)
    }

    /// The response for the fixture's next step, and the variant it is (nil for the default response).
    /// - Parameter sequenceValue: the request's value of the fixture's `sequenceBy`, if it has one.
    /// - Throws: `UnknownVariant` when the request names a variant the fixture lacks.
    public func response(
        of fixture: Fixture,
        requestedVariant: String?,
        sequenceValue: String? = nil
    ) throws(UnknownVariant) -> (response: CompiledResponse, variant: String?) {
        let step = sequences.nextStep(for: fixture, value: sequenceValue)
        if let requestedVariant {
            return (try fixture.response(step: step, variant: requestedVariant), requestedVariant)
        }
        if !fixture.variantNames.isEmpty, let selected = variants.variant(for: fixture),
            fixture.variantNames.contains(selected)
        {
            return (try fixture.response(step: step, variant: selected), selected)
        }
        return (try fixture.response(step: step, variant: nil), nil)
    }

    /// Puts every sequence back at its first step, returns to the initial variant selection and closes every
    /// rate-limit window.
    public func reset() {
        sequences.reset()
        variants.reset()
        rateLimits.reset()
    }
}
