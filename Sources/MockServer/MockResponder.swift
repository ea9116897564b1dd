import Foundation
import StandInFixtures

/// Answers one loop's requests: admin calls under `/__standin/`, everything else from the current fixtures (match,
/// plan the simulation, render, send), then logs and journals what happened.
///
/// An intact, undelayed response is written straight into the request. Anything else (a delay, a fault) is
/// rendered now and delivered later by `DeferredDelivery` on this loop's timers.
final class MockResponder: HTTPHandler {
    let context: ServerContext
    unowned let loop: EventLoop
    private var requestIDs = RequestIDGenerator()
    private let hits: HitCounts.Shard
    /// Added to every access-log line of a fixture's answer (record mode marks them `SERVED`).
    var accessLogNote: String?
    /// In record mode, the recorder's redaction, so that the journal keeps the same secrets out.
    var recordingRedactor: Redactor?
    /// The real backend that answers what no fixture matches (`serve --fallback-upstream`), if any.
    var fallback: Upstream?

    var simulation: Simulation { context.simulation }

    init(context: ServerContext, loop: EventLoop) {
        self.context = context
        self.loop = loop
        hits = context.hits.makeShard()
    }

    func handle(_ request: ServerRequest) {
        if request.path.utf8.starts(with: AdminAPI.pathPrefix.utf8) { return handleAdmin(request) }
        let fixtures = context.store.current
        let journal = context.journal
        let started = context.accessLog == nil && journal == nil ? nil : ContinuousClock.now
        let entry = journal == nil ? nil : JournalEntry(request, recording: recordingRedactor)
        let requestId = RequestIDGenerator.acceptable(request.header(named: "X-Request-ID")) ?? requestIDs.next()
        var facts = RequestFacts(request)
        guard let match = fixtures.index.match(&facts) else {
            return answerUnmatched(
                request,
                facts: &facts,
                fixtures: fixtures,
                requestId: requestId,
                entry,
                since: started
            )
        }
        hits.add(match.fixture.id)
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
            sendEnvelope(body, status: 400, to: request, config: fixtures.config, requestId: requestId)
            finish(request, entry, status: 400, fixture: match.fixture.id, variant: nil, since: started)
            return
        }
        var context = RenderContext(facts: facts, captures: match.captures, requestId: requestId)
        if plan.isDeferred {
            var rendered = RenderedResponse()
            let escaped = plan.response.write(with: &context, requestId: requestId, into: &rendered)
            warnOfEscaped(escaped, fixture: match.fixture.id)
            return deliverLater(rendered, plan: plan, to: request, fixture: match.fixture.id, entry, since: started)
        }
        var sink = request
        let escaped: [String]
        if let large = plan.response.largeFixedBody {
            escaped = plan.response.writeHeaders(with: &context, requestId: requestId, into: &sink)
            request.send(status: plan.status, body: large, on: loop)
        } else {
            escaped = plan.response.write(with: &context, requestId: requestId, into: &sink)
            request.send(status: plan.status)
        }
        warnOfEscaped(escaped, fixture: match.fixture.id)
        finish(
            request,
            entry,
            status: plan.status,
            fixture: match.fixture.id,
            variant: plan.variant,
            details: plan.logDetails,
            since: started
        )
    }

    /// Logs the headers whose rendered values had control characters percent-encoded.
    private func warnOfEscaped(_ headers: [String], fixture: String) {
        guard !headers.isEmpty else { return }
        context.logger.warning(
            "\(fixture): control characters in the rendered value of \(headers.joined(separator: ", ")) were percent-encoded"
        )
    }

    /// Hands a delayed or faulty answer to a `DeferredDelivery`, which logs and journals it once it is over.
    /// (A function of its own: the completion closure captures these values only when an answer is deferred.)
    private func deliverLater(
        _ rendered: RenderedResponse,
        plan: ResponsePlan,
        to request: ServerRequest,
        fixture: String,
        _ entry: JournalEntry?,
        since started: ContinuousClock.Instant?
    ) {
        let delivery = DeferredDelivery(
            request: DeferredRequest(request, on: loop),
            rendered: rendered,
            plan: plan,
            responder: self
        )
        let method = request.method
        let path = loggedPath(request)
        delivery.start { [self] outcome in
            record(
                method: method,
                path: path,
                entry,
                status: plan.status,
                fixture: fixture,
                variant: plan.variant,
                details: outcome,
                since: started
            )
        }
    }

    /// Checks access, answers the call, logs it (admin calls are not journaled).
    private func handleAdmin(_ request: ServerRequest) {
        let started = ContinuousClock.now
        let requestId = RequestIDGenerator.acceptable(request.header(named: "X-Request-ID")) ?? requestIDs.next()
        let reply: AdminReply
        let caller = AdminAccess.Caller(
            peer: request.peerAddress,
            method: request.method,
            path: request.path,
            authorization: request.header(named: "Authorization"),
            host: request.header(named: "Host"),
            origin: request.header(named: "Origin"),
            contentType: request.header(named: "Content-Type")
        )
        if let refusal = context.access.refusal(caller) {
            var denied = AdminReply(status: refusal.status, error: refusal.message)
            if refusal.status == 401 { denied.headers.append(("WWW-Authenticate", "Bearer")) }
            reply = denied
        } else if Dashboard(context: context, loop: loop).answer(request, requestId: requestId) {
            return
        } else {
            let call = AdminCall(
                method: request.method,
                route: request.path.dropFirst(AdminAPI.pathPrefix.count),
                rawQuery: request.rawQuery,
                body: request.body
            )
            reply = AdminAPI(context: context).respond(to: call)
        }
        let cors = context.store.current.config.cors?.responseHeaders ?? []
        for header in reply.headers + cors { request.addHeader(header.name, header.value) }
        request.addHeader("Content-Type", "application/json")
        request.addHeader("X-Request-ID", requestId)
        if let stream = reply.stream {
            StreamedReply.send(request, status: reply.status, body: stream, on: loop)
        } else {
            reply.body(requestId: requestId).withUnsafeBytes { request.appendBody($0) }
            request.send(status: reply.status)
        }
        context.accessLog?.record(
            method: request.method,
            path: request.path,
            status: reply.status,
            fixture: "ADMIN",
            details: nil,
            duration: ContinuousClock.now - started
        )
    }

    func sendEnvelope(
        _ body: [UInt8],
        status: Int,
        to request: ServerRequest,
        config: ProjectConfig,
        requestId: String,
        headers: [(name: String, value: String)] = []
    ) {
        for header in config.headers + headers { request.addHeader(header.name, header.value) }
        request.addHeader("Content-Type", "application/json")
        request.addHeader("X-Request-ID", requestId)
        body.withUnsafeBytes { request.appendBody($0) }
        request.send(status: status)
    }

    func finish(
        _ request: ServerRequest,
        _ entry: consuming JournalEntry?,
        status: Int,
        fixture: String?,
        variant: String?,
        details: String? = nil,
        since started: ContinuousClock.Instant?
    ) {
        record(
            method: request.method,
            path: loggedPath(request),
            entry,
            status: status,
            fixture: fixture,
            variant: variant,
            details: details,
            since: started
        )
    }

    /// The path as the access log shows it: in record mode, with the request's secret values replaced.
    private func loggedPath(_ request: ServerRequest) -> String {
        guard let recordingRedactor else { return request.path }
        return Redactor.replace(recordingRedactor.secrets(in: request.allHeaders), in: request.path)
    }

    /// Writes the access-log line and the journal entry of a request that has been answered.
    func record(
        method: String,
        path: String,
        _ entry: consuming JournalEntry?,
        status: Int,
        fixture: String?,
        variant: String?,
        details: String?,
        since started: ContinuousClock.Instant?
    ) {
        guard let started else { return }
        let duration = ContinuousClock.now - started
        context.accessLog?.record(
            method: method,
            path: path,
            status: status,
            fixture: fixture,
            details: accessLogNote.map { note in details.map { "\($0) \(note)" } ?? note } ?? details,
            duration: duration
        )
        guard let journal = context.journal, var completed = consume entry else { return }
        completed.fixture = fixture
        completed.variant = variant
        completed.status = status
        completed.duration = duration
        completed.simulation = details
        journal.record(completed)
    }
}
