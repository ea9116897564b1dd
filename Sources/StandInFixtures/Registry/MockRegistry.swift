import Foundation
import NetworkCore
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` that answers in process from a mocks directory, as `standin serve` would over HTTP: the same
/// answering core (`PlannedAnswer`: matching, variants, sequences, rendering, the 404 near-miss envelope, and the
/// simulation that the fixture and the request's `X-StandIn-Variant`, `-Delay`, `-Status` and `-Fault` headers ask
/// for). Endpoints registered in code (`register(_:response:status:)`, `register(_:error:)`) answer before any
/// fixture.
///
/// ```swift
/// let registry = try MockRegistry(directory: mocksURL)
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: registry)
/// ```
///
/// Delays are awaited with `Task.sleep`, so cancelling the call ends it at once; a delay the request's timeout does
/// not outlast throws `URLError(.timedOut)` when the timeout passes. Faults become what `URLSessionTransport` reports
/// for them from the server: `connection-reset` throws `URLError(.networkConnectionLost)` (the client's
/// `.transport(.connectionLost)`); `empty-response` throws what URLSession reports for a connection closed without a
/// response (`URLError(.badServerResponse)` with FoundationNetworking on Linux, `.networkConnectionLost` on Apple
/// platforms); `timeout` throws `URLError(.timedOut)` once the request's timeout passes (or, if the server's default
/// `--max-hold` of 5 minutes ends first, what `empty-response` throws); `malformed-body` answers with the body cut in
/// half; and `slow-body` answers with the whole body once the trickle would have ended.
///
/// A fixture's `events` stream is played as the server streams it, from the same rendered bytes: through `stream(_:)`
/// (which `APIClient.events(for:)` uses) each event arrives after its `delay`, the request's `Last-Event-ID` resumes
/// after that event, `cut-stream` ends the body with `URLError(.networkConnectionLost)` after its events, and
/// `afterLast: hold` keeps it open until the reader stops or the request's timeout passes in silence; through
/// `send(_:)` the whole stream arrives once it has ended.
public final class MockRegistry: Transport, Sendable {
    /// What a stub registered in code answers with, when it is an error.
    public enum StubError: Sendable {
        /// HTTP 200 with an envelope carrying this business code and message (the client's `.server`).
        case server(code: Int, message: String)
        /// This HTTP status with an envelope whose code mirrors it (the client's `.http`).
        case http(status: Int, message: String = "")
    }

    /// A variant was asked for that no fixture of the endpoint (or, for every endpoint, no fixture at all) has; the
    /// description names the variants there are.
    public struct VariantError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loading a directory failed because some files are broken; nothing is served from a half-loaded directory.
    public struct LoadError: Error, CustomStringConvertible {
        /// One entry per broken file.
        public let diagnostics: [Diagnostic]

        /// The error for a directory whose broken files gave `diagnostics`.
        package init(diagnostics: [Diagnostic]) {
            self.diagnostics = diagnostics
        }

        public var description: String {
            "broken fixtures:\n" + diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    /// The request header that names the variant to serve, as the server reads it.
    public static let variantHeader = SimulationControls.variantHeader

    /// The project settings (envelope format, default headers) of the loaded directory, or the defaults.
    public let config: ProjectConfig
    private let index: FixtureIndex
    private let chooser = ResponseChooser()
    private let simulation: Simulation
    private let resources: ResourceStore
    private let state = Locked(State())

    private struct State {
        var stubs: [StubKey: Stub] = [:]
        var requestIDs = RequestIDGenerator()
    }

    private struct StubKey: Hashable {
        let method: String
        let path: String
    }

    /// Loads every fixture under `directory` with the server's loader.
    ///
    /// Throws `LoadError` when any file (or `standin.json`) is broken, so that a test never passes on a fixture that
    /// silently did not load; throws the loader's error when the directory cannot be read.
    /// - Parameter seed: makes `{{randomInt}}`, `{{pick}}` and random delays repeat, as `standin serve --seed` does;
    ///   nil draws randomly.
    public init(directory: URL, seed: UInt64? = nil) throws {
        let loaded = try FixtureLoader(directory: directory).load()
        guard loaded.diagnostics.isEmpty else { throw LoadError(diagnostics: loaded.diagnostics) }
        config = loaded.config
        index = FixtureIndex(loaded.fixtures)
        resources = ResourceStore(loaded.resources)
        simulation = Simulation(settings: SimulationSettings(seed: seed))
    }

    /// An empty registry: only endpoints registered in code answer; everything else gets the 404 envelope.
    public init() {
        config = ProjectConfig()
        index = FixtureIndex([])
        resources = ResourceStore([])
        simulation = Simulation(settings: SimulationSettings())
    }

    private init(config: ProjectConfig, index: FixtureIndex, resources: ResourceStore, simulation: Simulation) {
        self.config = config
        self.index = index
        self.resources = resources
        self.simulation = simulation
    }

    /// A registry answering from the same loaded fixtures, with variant choices, sequence positions, resource items and
    /// registered stubs of its own, all starting afresh: what a server session is, in process. Tests that share one
    /// loaded registry (a `static let`) take a session each, so that running in parallel they never see each other's
    /// changes.
    public func session() -> MockRegistry {
        MockRegistry(config: config, index: index, resources: resources.seededCopy(), simulation: simulation)
    }

    // MARK: Variants and state

    /// Serves `variant` for `endpoint` (written as fixtures name it: `GET /users/{id}`; a resource's is `ANY /todos`)
    /// when a request names none; nil clears the choice. Fixtures of the endpoint without that variant serve their
    /// default response. Throws `VariantError`, changing nothing, when no fixture of the endpoint has the variant.
    public func setVariant(_ variant: String?, for endpoint: String) throws(VariantError) {
        if let variant, let problem = VariantCheck.problem(endpoint: endpoint, variant: variant, fixtures: fixtures) {
            throw VariantError(description: problem)
        }
        chooser.variants.set(variant, for: endpoint)
    }

    /// Serves `variant` for every endpoint without its own choice, where the fixture has it; nil clears it. Throws
    /// `VariantError`, changing nothing, when no fixture has the variant.
    public func setVariant(_ variant: String?) throws(VariantError) {
        if let variant, let problem = VariantCheck.problem(variant: variant, fixtures: fixtures) {
            throw VariantError(description: problem)
        }
        chooser.variants.setForEveryEndpoint(variant)
    }

    /// The loaded fixtures and each resource as the fixture of its endpoint: what a variant is selected among.
    private var fixtures: [Fixture] {
        index.fixtures + resources.definitions.map(\.fixture)
    }

    /// Puts every sequence back at its first step, every resource back to its seed, and clears every variant choice.
    /// Registered stubs stay.
    public func reset() {
        chooser.reset()
        resources.reset()
    }

    // MARK: Typed registration

    /// Answers `endpoint`'s method and path with `response`: inside a success envelope (the loaded `standin.json`'s
    /// keys) for enveloped endpoints, as plain JSON otherwise. Replaces an earlier registration of the same endpoint.
    public func register<E: Endpoint>(
        _ endpoint: E,
        response: E.Response,
        status: Int = 200,
        encoder: JSONEncoder = JSONEncoder()
    ) throws where E.Response: Encodable {
        let json = Array(try encoder.encode(response))
        let format = config.envelope
        let stub =
            endpoint.responseFormat == .enveloped
            ? Stub.envelope(status: status, code: format.successCode, format.successMessage, try JSONParser.parse(json))
            : Stub.plain(status: status, json)
        state.withLock { $0.stubs[Self.key(endpoint)] = stub }
    }

    /// Answers `endpoint`'s method and path with an error envelope. Replaces an earlier registration.
    public func register(_ endpoint: some Endpoint, error: StubError) {
        let null = JSONNode(.null)
        let stub =
            switch error {
            case .server(let code, let message): Stub.envelope(status: 200, code: code, message, null)
            case .http(let status, let message): Stub.envelope(status: status, code: status, message, null)
            }
        state.withLock { $0.stubs[Self.key(endpoint)] = stub }
    }

    private static func key(_ endpoint: some Endpoint) -> StubKey {
        let path = endpoint.path.hasPrefix("/") ? endpoint.path : "/" + endpoint.path
        return StubKey(method: endpoint.method.rawValue, path: PercentDecoding.decode(Substring(path)))
    }

    // MARK: Transport

    /// Answers `request` as the server would, and reports the progress of both bodies in even steps. A stream of
    /// events is answered once it has ended, with all its bytes, as URLSession's data task answers it.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        Self.reportProgress(.upload, of: request.body?.count ?? 0, to: request.onProgress)
        let response: TransportResponse
        switch try await respond(to: request) {
        case .whole(let whole):
            response = whole
        case .events(let head, let playback):
            response = TransportResponse(head: head, body: try await playback.wholeBody())
        }
        Self.reportProgress(.download, of: response.body.count, to: request.onProgress)
        return response
    }

    /// Answers `request` as the server would, handing a stream of events over as it plays: each event after its
    /// wait. Any other answer comes whole.
    public func stream(_ request: TransportRequest) async throws -> StreamedTransportResponse {
        try Task.checkCancellation()
        switch try await respond(to: request) {
        case .whole(let response):
            return StreamedTransportResponse(head: response.head, body: .whole(response.body))
        case .events(let head, let playback):
            return StreamedTransportResponse(head: head, body: playback.body)
        }
    }

    /// What the registry answers a request with.
    private enum Answer {
        /// A response with its whole body.
        case whole(TransportResponse)
        /// A stream of events, whose head has arrived.
        case events(head: HTTPResponse, EventStreamPlayback)
    }

    private func respond(to request: TransportRequest) async throws -> Answer {
        let incoming = Request(request)
        let (requestId, stub) = state.withLock { state in
            (
                state.requestIDs.id(for: incoming.header(named: "X-Request-ID")),
                Self.stub(for: incoming, in: state.stubs)
            )
        }
        if let stub { return .whole(Self.transportResponse(stub.reply(config: config, requestId: requestId))) }
        let controls = SimulationControls(of: incoming)
        var facts = RequestFacts(incoming)
        let answer = PlannedAnswer(
            to: &facts,
            from: index,
            resources: resources,
            config: config,
            requestId: requestId,
            chooser: chooser,
            simulation: simulation,
            controls: controls
        )
        var rendered = RenderedResponse()
        switch answer {
        case .resource(let reply, _, let plan):
            reply.write(into: &rendered)
            return .whole(try await deliver(rendered, as: plan, to: request))
        case .unmatched:
            if let batch = GraphQLBatchAnswer(
                to: &facts,
                from: index,
                resources: resources,
                config: config,
                requestId: requestId,
                chooser: chooser,
                simulation: simulation,
                controls: controls
            ) {
                let reply = JSONReply(status: 200, body: batch.body, config: config, requestId: requestId)
                guard let plan = batch.plan else { return .whole(Self.transportResponse(reply)) }
                reply.write(into: &rendered)
                return .whole(try await deliver(rendered, as: plan, to: request))
            }
            let unmatched = UnmatchedResponse(to: &facts, index: index, config: config, requestId: requestId)
            return .whole(Self.transportResponse(JSONReply(unmatched, config: config, requestId: requestId)))
        case .refused(_, let reply):
            return .whole(Self.transportResponse(reply))
        case .matched(let match, let plan):
            var context = RenderContext(
                facts: facts,
                captures: match.captures,
                requestId: requestId,
                random: simulation.templateRandom
            )
            if let events = plan.response.events, plan.streamsEvents(to: incoming.method) {
                plan.response.writeHeaders(with: &context, into: &rendered)
                plan.writeRateLimitHeaders(into: &rendered)
                let stream = events.rendered(after: incoming.header(named: "Last-Event-ID"), with: &context)
                try await SimulatedDelivery.waitInSilence(
                    plan.delay,
                    timeout: SimulatedDelivery.clientTimeout(request.timeout)
                )
                return .events(
                    head: Self.head(status: plan.status, headers: rendered.headers),
                    EventStreamPlayback(stream, plan: plan, timeout: request.timeout)
                )
            }
            plan.response.write(with: &context, into: &rendered)
            plan.writeRateLimitHeaders(into: &rendered)
            return .whole(try await deliver(rendered, as: plan, to: request))
        }
    }

    /// The response `rendered` makes once `plan` is carried out: its status, after its delay, broken by its fault as
    /// `URLSessionTransport` would report it.
    private func deliver(
        _ rendered: RenderedResponse,
        as plan: ResponsePlan,
        to request: TransportRequest
    ) async throws -> TransportResponse {
        var delivery = SimulatedDelivery(
            rendered,
            plan: plan,
            method: request.head.method.rawValue,
            timeout: request.timeout,
            maxHold: simulation.settings.maxHold
        )
        try await delivery.carryOut()
        return Self.transportResponse(
            status: plan.status,
            headers: delivery.rendered.headers,
            body: delivery.rendered.body
        )
    }

    /// The registered stub for the request, if any. A base URL's path prefix does not matter: `/v1/users/1` finds
    /// the stub for `/users/1`.
    private static func stub(for request: Request, in stubs: [StubKey: Stub]) -> Stub? {
        guard !stubs.isEmpty else { return nil }
        if let stub = stubs[StubKey(method: request.method, path: request.path)] { return stub }
        return stubs.first { key, _ in
            key.method == request.method && request.path.hasSuffix(key.path)
        }?.value
    }

    private static func transportResponse(_ reply: JSONReply) -> TransportResponse {
        transportResponse(status: reply.status, headers: reply.headers, body: reply.body)
    }

    /// A response with the status's standard reason phrase, as URLSession reports it.
    private static func transportResponse(
        status: Int,
        headers: [(name: String, value: String)],
        body: [UInt8]
    ) -> TransportResponse {
        TransportResponse(head: head(status: status, headers: headers), body: Data(body))
    }

    /// A response head with the status's standard reason phrase, as URLSession reports it.
    private static func head(status: Int, headers: [(name: String, value: String)]) -> HTTPResponse {
        var fields = HTTPFields()
        for header in headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return HTTPResponse(status: HTTPResponse.Status(code: status).withStandardReasonPhrase, headerFields: fields)
    }
}
