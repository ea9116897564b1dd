/// One endpoint's canned behaviour: which requests it answers and what it answers with.
///
/// A fixture is loaded from one JSON file under the mocks directory; its `id` is that file's path relative to the
/// directory (`users/get-user.json`), so people find the file from what the server prints. It is a class so that
/// matching passes one reference around instead of copying every part.
///
/// It answers with one response or with a sequence of them served in turn, and may have named variants; every
/// combination of step and variant is compiled at load (see `response(step:variant:)`).
public final class Fixture: Sendable {
    /// The file's path relative to the mocks directory.
    public let id: String
    /// What a request must look like to be answered by this fixture.
    public let request: RequestPattern
    /// The default response: the only one, or a sequence's first step, without any variant.
    public var response: CompiledResponse { steps[0] }
    /// Higher priorities are tried first; equal priorities fall back to literal, then template, then regex paths.
    public let priority: Int
    /// `GET /users/{id}`: the endpoint as people write it (and as `VariantSelection` keys it).
    public let endpoint: String
    /// Whether the fixture answers with a sequence.
    public let isSequence: Bool
    /// What a sequence serves once its last step has been served.
    public let afterLast: AfterLast
    /// The request value a sequence is counted by (`"sequenceBy": "path.id"`): each value has a position of its own.
    /// Nil counts one sequence for every request.
    public let sequenceBy: Placeholder?
    /// The variant names, sorted.
    public let variantNames: [String]
    /// How many requests the fixture answers per window before it answers 429, if it is limited.
    public let rateLimit: RateLimit?

    /// The responses without variant, one per step (one for a single response).
    let steps: [CompiledResponse]
    /// For each variant, the responses with it applied, one per step.
    let variants: [String: [CompiledResponse]]

    /// Creates a fixture that answers with one response, or with one of its variants.
    public convenience init(
        id: String,
        request: RequestPattern,
        response: CompiledResponse,
        variants: [String: CompiledResponse] = [:],
        priority: Int = 0,
        rateLimit: RateLimit? = nil
    ) {
        self.init(
            id: id,
            request: request,
            steps: [response],
            isSequence: false,
            afterLast: .repeatLast,
            sequenceBy: nil,
            variants: variants.mapValues { [$0] },
            priority: priority,
            rateLimit: rateLimit
        )
    }

    /// Creates a fixture that answers with `sequence` in turn.
    /// - Parameters:
    ///   - sequenceBy: the request value that keeps a position of its own, if any.
    ///   - variants: for each variant, the sequence with the variant applied to every step; each has as many steps
    ///     as `sequence`, which must not be empty.
    public convenience init(
        id: String,
        request: RequestPattern,
        sequence: [CompiledResponse],
        afterLast: AfterLast = .repeatLast,
        sequenceBy: Placeholder? = nil,
        variants: [String: [CompiledResponse]] = [:],
        priority: Int = 0,
        rateLimit: RateLimit? = nil
    ) {
        precondition(!sequence.isEmpty, "a sequence needs at least one response")
        precondition(variants.values.allSatisfy { $0.count == sequence.count }, "a variant needs every step")
        self.init(
            id: id,
            request: request,
            steps: sequence,
            isSequence: true,
            afterLast: afterLast,
            sequenceBy: sequenceBy,
            variants: variants,
            priority: priority,
            rateLimit: rateLimit
        )
    }

    private init(
        id: String,
        request: RequestPattern,
        steps: [CompiledResponse],
        isSequence: Bool,
        afterLast: AfterLast,
        sequenceBy: Placeholder?,
        variants: [String: [CompiledResponse]],
        priority: Int,
        rateLimit: RateLimit?
    ) {
        self.sequenceBy = sequenceBy
        self.rateLimit = rateLimit
        self.id = id
        self.request = request
        self.steps = steps
        self.isSequence = isSequence
        self.afterLast = afterLast
        self.variants = variants
        self.variantNames = variants.keys.sorted()
        self.priority = priority
        self.endpoint = "\(request.method) \(request.path)"
    }
}

/// What a sequence serves once its last step has been served.
public enum AfterLast: String, Sendable, CaseIterable {
    /// The last step again, for ever (`"repeat-last"`, the default).
    case repeatLast = "repeat-last"
    /// The first step again, then the second, and so on (`"cycle"`).
    case cycle
}
