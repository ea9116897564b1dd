import Fixtures
import Foundation

/// Answers one loop's requests from the loaded fixtures: match, plan the simulation, render, send, log.
///
/// An intact, undelayed response is written straight into the request. Anything else (a delay, a fault) is
/// rendered now and delivered later by `DeferredDelivery` on this loop's timers.
final class MockResponder: HTTPHandler {
    let fixtures: FixtureSet
    let simulation: Simulation
    let accessLog: AccessLog?
    unowned let loop: EventLoop
    private var requestIDs = RequestIDGenerator()

    init(fixtures: FixtureSet, simulation: Simulation, accessLog: AccessLog?, loop: EventLoop) {
        self.fixtures = fixtures
        self.simulation = simulation
        self.accessLog = accessLog
        self.loop = loop
    }

    func handle(_ request: ServerRequest) {
        let started = accessLog == nil ? nil : ContinuousClock.now
        let requestId = RequestIDGenerator.acceptable(request.header(named: "X-Request-ID")) ?? requestIDs.next()
        var facts = RequestFacts(request)
        guard let match = fixtures.index.match(&facts) else {
            let body = UnmatchedResponse.body(
                method: request.method,
                path: request.path,
                nearMisses: fixtures.index.nearMisses(for: &facts),
                format: fixtures.config.envelope,
                requestId: requestId
            )
            sendEnvelope(body, status: UnmatchedResponse.status, to: request, requestId: requestId)
            log(request, status: UnmatchedResponse.status, fixture: nil, details: nil, since: started)
            return
        }
        let plan: ResponsePlan
        do {
            plan = try simulation.plan(for: match.fixture, controls: request.controlHeaders)
        } catch {
            let body = ErrorEnvelope.body(
                code: 400,
                message: error.description,
                format: fixtures.config.envelope,
                requestId: requestId
            )
            sendEnvelope(body, status: 400, to: request, requestId: requestId)
            log(request, status: 400, fixture: match.fixture.id, details: nil, since: started)
            return
        }
        var context = RenderContext(facts: facts, captures: match.captures, requestId: requestId)
        if plan.isDeferred {
            var rendered = RenderedResponse()
            plan.response.write(with: &context, requestId: requestId, into: &rendered)
            let delivery = DeferredDelivery(
                request: DeferredRequest(request, on: loop),
                rendered: rendered,
                plan: plan,
                responder: self
            )
            delivery.start { [self] outcome in
                log(request, status: plan.status, fixture: match.fixture.id, details: outcome, since: started)
            }
            return
        }
        var sink = request
        plan.response.write(with: &context, requestId: requestId, into: &sink)
        request.send(status: plan.status)
        log(request, status: plan.status, fixture: match.fixture.id, details: plan.logDetails, since: started)
    }

    private func sendEnvelope(_ body: [UInt8], status: Int, to request: ServerRequest, requestId: String) {
        for header in fixtures.config.headers { request.addHeader(header.name, header.value) }
        request.addHeader("Content-Type", "application/json")
        request.addHeader("X-Request-ID", requestId)
        body.withUnsafeBytes { request.appendBody($0) }
        request.send(status: status)
    }

    private func log(
        _ request: ServerRequest,
        status: Int,
        fixture: String?,
        details: String?,
        since started: ContinuousClock.Instant?
    ) {
        guard let accessLog, let started else { return }
        accessLog.record(
            method: request.method,
            path: request.path,
            status: status,
            fixture: fixture,
            details: details,
            duration: ContinuousClock.now - started
        )
    }
}
