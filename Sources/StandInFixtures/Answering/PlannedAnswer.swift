/// What a request gets: the fixtures' answer (`FixtureAnswer`) with its simulation planned (`Simulation.plan`). The
/// server and `MockRegistry` both decide through it, from the same request, the same way; each then only renders,
/// waits, writes and breaks the answer as its plan says.
public enum PlannedAnswer: Sendable {
    /// A resource's store answered the request: send `reply` as `plan` says (its status, delay and fault).
    case resource(JSONReply, fixture: Fixture, plan: ResponsePlan)
    /// A fixture matched: render `plan.response` with the match's captures and send it as `plan` says.
    case matched(FixtureIndex.Match, plan: ResponsePlan)
    /// No fixture matched; answer with `UnmatchedResponse`.
    case unmatched
    /// A fixture matched, but the request gets this reply: a 400 when it names a variant the fixture lacks or
    /// control headers that cannot be followed, a 429 when it is past the fixture's rate limit.
    case refused(Fixture, JSONReply)

    /// The answer to the request `facts` describe, from `fixtures` (`FixtureAnswer`), planned with `simulation`
    /// and the request's `controls`: how the server, `MockRegistry` and each operation of a GraphQL batch decide.
    /// Inlined always, so the server's call is specialized for its request type and costs no call of its own: this
    /// runs for every request.
    /// - Parameters:
    ///   - resources: the state of the `"resource"` fixtures, which answer before any other fixture.
    ///   - config: the envelope format and default headers of a resource's reply and of a refusal.
    @inlinable @inline(__always)
    public init<Request: IncomingRequest>(
        to facts: inout RequestFacts<Request>,
        from fixtures: FixtureIndex,
        resources: ResourceStore,
        config: ProjectConfig,
        requestId: String,
        chooser: ResponseChooser,
        simulation: Simulation,
        controls: SimulationControls
    ) {
        self.init(
            FixtureAnswer(
                to: &facts,
                from: fixtures,
                resources: resources,
                config: config,
                requestId: requestId,
                chooser: chooser,
                requestedVariant: controls.variant
            ),
            simulation: simulation,
            controls: controls,
            config: config,
            requestId: requestId
        )
    }

    /// Plans `answer` with `simulation` and the request's `controls`.
    /// - Parameters:
    ///   - config: the envelope format and default headers of a refusal.
    ///   - requestId: the request id a refusal carries.
    @inlinable
    public init(
        _ answer: FixtureAnswer,
        simulation: Simulation,
        controls: SimulationControls,
        config: ProjectConfig,
        requestId: String
    ) {
        switch answer {
        case .resource(let reply, let fixture, let response, let variant):
            do {
                let plan = try simulation.plan(
                    response,
                    status: reply.status,
                    variant: variant,
                    controls: controls,
                    networks: config.networks
                )
                self = .resource(reply, fixture: fixture, plan: plan)
            } catch {
                self = .refused(fixture, Self.refusal(error, config: config, requestId: requestId))
            }
        case .matched(let match, let response, let variant, let rateLimit):
            do {
                var plan = try simulation.plan(
                    response,
                    variant: variant,
                    controls: controls,
                    networks: config.networks
                )
                plan.rateLimit = rateLimit
                self = .matched(match, plan: plan)
            } catch {
                self = .refused(match.fixture, Self.refusal(error, config: config, requestId: requestId))
            }
        case .unmatched:
            self = .unmatched
        case .refused(let fixture, let error):
            self = .refused(fixture, .unknownVariant(error, config: config, requestId: requestId))
        case .limited(let fixture, let status):
            self = .refused(fixture, status.refusal(config: config, requestId: requestId))
        }
    }

    /// The 400 envelope for control headers that cannot be followed, saying why.
    @usableFromInline
    static func refusal(_ error: SimulationError, config: ProjectConfig, requestId: String) -> JSONReply {
        .error(status: 400, message: error.description, config: config, requestId: requestId)
    }
}
