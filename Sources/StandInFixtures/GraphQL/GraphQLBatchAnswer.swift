/// The answer to a GraphQL batch (a JSON array of operations): each operation answered on its own, as if it came
/// alone, and the answers sent back as one array, in order, with HTTP 200. An operation no fixture answers gets
/// its `errors` entry (`GraphQLNoMatch`) in its place.
///
/// The batch waits as long as its slowest operation's answer would; the members' faults and networks are not
/// simulated (a batch is one HTTP response, and breaking it is the batch's own affair: `X-StandIn-Fault`).
public struct GraphQLBatchAnswer: Sendable {
    /// The JSON array of the answers.
    public let body: [UInt8]
    /// The operations' names, in order (nil for an anonymous or unreadable one).
    public let operationNames: [String?]
    /// The fixtures that answered, in order (nil for an operation none answered).
    public let fixtureIDs: [String?]
    /// The longest wait among the members' plans: the plan of that answer without its fault, network and rate
    /// limit, with status 200. Nil when no member waits.
    public let plan: ResponsePlan?

    /// The answer to the request `facts` describe when it is a batch at a GraphQL endpoint; nil otherwise.
    /// - Parameters:
    ///   - resources, config, chooser, simulation, controls: what `FixtureAnswer` and `PlannedAnswer` decide each
    ///     member's answer with.
    public init?<Request: IncomingRequest>(
        to facts: inout RequestFacts<Request>,
        from index: FixtureIndex,
        resources: ResourceStore,
        config: ProjectConfig,
        requestId: String,
        chooser: ResponseChooser,
        simulation: Simulation,
        controls: SimulationControls
    ) {
        guard MethodPattern.graphQL.matches(facts.request.method), index.answersGraphQL(at: facts.request.path),
            case .batch(let members) = facts.graphQL()
        else { return nil }
        var answers: [JSONNode] = []
        var names: [String?] = []
        var fixtureIDs: [String?] = []
        var slowest: ResponsePlan?
        for member in members {
            var memberFacts = RequestFacts(GraphQLBatchMember(batch: facts.request, body: member.compactBytes))
            memberFacts.cachedJSON = .some(member)
            let answer = PlannedAnswer(
                to: &memberFacts,
                from: index,
                resources: resources,
                config: config,
                requestId: requestId,
                chooser: chooser,
                simulation: simulation,
                controls: controls
            )
            if case .operation(let operation) = memberFacts.graphQL() {
                names.append(operation.operationName)
            } else {
                names.append(nil)
            }
            switch answer {
            case .matched(let match, let plan):
                var context = RenderContext(
                    facts: memberFacts,
                    captures: match.captures,
                    requestId: requestId,
                    random: simulation.templateRandom
                )
                var rendered = RenderedResponse()
                plan.response.write(with: &context, into: &rendered)
                answers.append(Self.member(rendered.body))
                fixtureIDs.append(match.fixture.id)
                if plan.delay > (slowest?.delay ?? .zero) { slowest = plan }
            case .resource(let reply, let fixture, let plan):
                answers.append(Self.member(reply.body))
                fixtureIDs.append(fixture.id)
                if plan.delay > (slowest?.delay ?? .zero) { slowest = plan }
            case .refused(let fixture, let reply):
                answers.append(Self.member(reply.body))
                fixtureIDs.append(fixture.id)
            case .unmatched:
                answers.append(GraphQLNoMatch.failure(for: &memberFacts, index: index).0.entry)
                fixtureIDs.append(nil)
            }
        }
        body = JSONNode(.array(answers)).compactBytes
        operationNames = names
        self.fixtureIDs = fixtureIDs
        plan = slowest.map(Self.waitOnly)
    }

    /// A member's answer: its body's JSON, or an `errors` entry when the body is not JSON.
    private static func member(_ body: [UInt8]) -> JSONNode {
        if let json = try? JSONParser.parse(body) { return json }
        return GraphQLFailure(
            status: 200,
            code: "STANDIN_NOT_JSON",
            "the fixture's answer to this operation is not JSON"
        ).entry
    }

    /// `plan` keeping only its wait.
    private static func waitOnly(_ plan: ResponsePlan) -> ResponsePlan {
        var wait = plan
        wait.status = 200
        wait.fault = nil
        wait.network = nil
        wait.rateLimit = nil
        return wait
    }
}
