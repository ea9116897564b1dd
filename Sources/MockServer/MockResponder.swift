import Foundation
import StandInEngine
import StandInFixtures

/// Answers one loop's requests: admin calls under `/__standin/`, everything else from the current fixtures through
/// the answering core with its simulation planned (`PlannedAnswer`, which `MockRegistry` decides through too), then
/// logs and journals what happened.
///
/// An intact, undelayed response is written straight into the request. Anything else (a delay, a fault) is
/// rendered now and delivered later by `DeferredDelivery` on this loop's timers.
final class MockResponder: HTTPHandler {
    let context: ServerContext
    unowned let loop: EventLoop
    let log: RequestLog
    private var requestIDs = RequestIDGenerator()
    /// Where this loop counts hits; nil on a session's port (hits count the main port's requests).
    private let hits: HitCounts.Shard?
    /// On a session's port, the session, which every request and admin call here acts on.
    private let session: SessionBinding?
    /// The session this loop's last request named (`X-StandIn-Session`).
    private var recentSession = RecentSession()
    /// Added to every access-log line of a fixture's answer (record mode marks them `SERVED`).
    private let servedNote: String?
    /// In record mode, the recorder's redaction, so that the log and journal keep the same secrets out.
    private let recordingRedactor: Redactor?
    /// The real backend that answers what no fixture matches (`serve --fallback-upstream`), if any.
    let fallback: Upstream?

    var simulation: Simulation { context.simulation }

    /// Answers from `context` on `loop`.
    /// - Parameters:
    ///   - fallback: the backend that answers what no fixture matches, if any.
    ///   - servedNote: added to the access-log line of every answer (record mode's `SERVED`).
    ///   - recordingRedactor: in record mode, the recorder's redaction, applied to the log and journal.
    ///   - session: on a session's port, the session.
    init(
        context: ServerContext,
        loop: EventLoop,
        session: SessionBinding? = nil,
        fallback: Upstream? = nil,
        servedNote: String? = nil,
        recordingRedactor: Redactor? = nil
    ) {
        self.context = context
        self.loop = loop
        self.fallback = fallback
        self.servedNote = servedNote
        self.recordingRedactor = recordingRedactor
        self.session = session
        log = RequestLog(accessLog: context.accessLog, journal: session.map(\.state.journal) ?? context.journal)
        hits = session == nil ? context.hits.makeShard() : nil
    }

    func handle(_ request: ServerRequest) {
        if request.path.hasPrefix(AdminAPI.pathPrefix) { return handleAdmin(request) }
        let controls = request.controlHeaders
        let state: SessionState
        switch sessionState(for: controls.session) {
        case .success(let found): state = found
        case .failure(let refusal): return refuseSession(request, refusal)
        }
        let fixtures = state.fixtures.current
        let successCode = fixtures.config.envelope.successCode
        let entry = (controls.session == nil || session != nil ? log : log.journaling(into: state.journal))
            .start(request, redactor: recordingRedactor)
        let requestId = requestIDs.id(for: request.header(named: "X-Request-ID"))
        var facts = RequestFacts(request)
        let answer = PlannedAnswer(
            FixtureAnswer(
                to: &facts,
                from: fixtures.index,
                resources: state.fixtures.resources,
                config: fixtures.config,
                requestId: requestId,
                chooser: state.chooser,
                requestedVariant: controls.simulation.variant
            ),
            simulation: simulation,
            controls: controls.simulation,
            config: fixtures.config,
            requestId: requestId
        )
        switch answer {
        case .resource(let reply, let fixture, let plan):
            hits?.add(fixture.id)
            let answer = JournalAnswer(envelopeCode: reply.envelopeCode, successCode: successCode, fault: plan.fault)
            if plan.isDeferred {
                var rendered = RenderedResponse()
                reply.write(into: &rendered)
                return deliverLater(rendered, plan: plan, answer: answer, to: request, fixture: fixture.id, entry)
            }
            request.send(reply, status: plan.status)
            finish(
                consume entry,
                status: plan.status,
                fixture: fixture.id,
                variant: plan.variant,
                details: plan.logDetails,
                answer: answer
            )
        case .unmatched:
            answerUnmatched(request, facts: &facts, fixtures: fixtures, requestId: requestId, consume entry)
        case .refused(let fixture, let reply):
            hits?.add(fixture.id)
            request.send(reply)
            finishRefused(consume entry, fixture: fixture.id, successCode: successCode)
        case .matched(let match, let plan):
            let fixture = match.fixture
            hits?.add(fixture.id)
            let answer = JournalAnswer(
                envelopeCode: plan.response.envelopeCode,
                successCode: successCode,
                fault: plan.fault
            )
            var renderContext = RenderContext(
                facts: consume facts,
                captures: match.captures,
                requestId: requestId,
                random: simulation.templateRandom
            )
            if plan.isDeferred {
                var rendered = RenderedResponse()
                warnOfEscaped(plan.response.write(with: &renderContext, into: &rendered), fixture: fixture.id)
                return deliverLater(rendered, plan: plan, answer: answer, to: request, fixture: fixture.id, entry)
            }
            var sink = request
            let escaped: [String]
            if let large = plan.response.largeFixedBody {
                escaped = plan.response.writeHeaders(with: &renderContext, into: &sink)
                request.send(status: plan.status, body: large, on: loop)
            } else {
                escaped = plan.response.write(with: &renderContext, into: &sink)
                request.send(status: plan.status)
            }
            warnOfEscaped(escaped, fixture: fixture.id)
            finish(
                consume entry,
                status: plan.status,
                fixture: fixture.id,
                variant: plan.variant,
                details: plan.logDetails,
                answer: answer
            )
        }
    }

    /// Logs and journals a request a fixture matched but answered with a 400 envelope: a variant it lacks, or
    /// control headers that cannot be followed.
    private func finishRefused(_ entry: consuming RequestLog.Entry?, fixture: String, successCode: Int) {
        let answer = JournalAnswer(envelopeCode: 400, successCode: successCode)
        finish(consume entry, status: 400, fixture: fixture, answer: answer)
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
        answer: JournalAnswer,
        to request: ServerRequest,
        fixture: String,
        _ entry: RequestLog.Entry?
    ) {
        let delivery = DeferredDelivery(
            request: DeferredRequest(request, on: loop),
            rendered: rendered,
            plan: plan,
            loop: loop,
            maxHold: simulation.settings.maxHold
        )
        delivery.start { [self] outcome in
            finish(
                entry,
                status: plan.status,
                fixture: fixture,
                variant: plan.variant,
                details: outcome,
                answer: answer
            )
        }
    }

    /// The state a request or admin call acts on: on a session's port, the session's; else the one `header` names
    /// (`X-StandIn-Session`), or the main state without one.
    private func sessionState(for header: SessionHeader?) -> Result<SessionState, AdminError> {
        if let session { return session.use() }
        guard let header else { return .success(context.main) }
        return context.state(forSession: header, recent: &recentSession)
    }

    /// Answers a request that names a malformed, unknown or ended session with an error envelope; nothing is
    /// journaled, in no session.
    private func refuseSession(_ request: ServerRequest, _ refusal: AdminError) {
        let entry = log.start(request, journaled: false)
        let requestId = requestIDs.id(for: request.header(named: "X-Request-ID"))
        let config = context.store.current.config
        request.send(
            JSONReply.error(status: refusal.status, message: refusal.message, config: config, requestId: requestId)
        )
        log.finish(entry, status: refusal.status, fixture: nil, label: "NO SESSION")
    }

    /// Checks access, answers the call, logs it (admin calls are not journaled).
    private func handleAdmin(_ request: ServerRequest) {
        let entry = log.start(request, journaled: false)
        let requestId = requestIDs.id(for: request.header(named: "X-Request-ID"))
        let reply: AdminReply
        let caller = AdminAccess.Caller(
            peer: request.peerAddress,
            method: request.method,
            path: request.path,
            authorization: request.header(named: "Authorization"),
            host: request.header(named: "Host"),
            origin: request.header(named: "Origin"),
            contentType: request.header(named: "Content-Type"),
            hasBody: request.bodyPrefix(limit: 0).length > 0
        )
        if let refusal = context.access.refusal(caller) {
            var denied = AdminReply(status: refusal.status, error: refusal.message)
            if refusal.status == 401 { denied.headers.append(("WWW-Authenticate", "Bearer")) }
            reply = denied
        } else if Dashboard(context: context, loop: loop).answer(request, requestId: requestId) {
            return
        } else {
            switch sessionState(for: request.header(named: "X-StandIn-Session").map(SessionHeader.init)) {
            case .failure(let refusal):
                reply = AdminReply(status: refusal.status, error: refusal.message)
            case .success(let state):
                let call = AdminCall(
                    method: request.method,
                    route: request.path.dropFirst(AdminAPI.pathPrefix.count),
                    rawQuery: request.rawQuery,
                    body: request.body,
                    host: caller.host
                )
                reply = AdminAPI(context: context, state: state, server: loop.server).respond(to: call)
            }
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
        log.finish(entry, status: reply.status, fixture: "ADMIN")
    }

    /// Logs and journals an answered request (`answer`: its envelope code, fault, a backend's answer), with record
    /// mode's note added to the access log's details.
    func finish(
        _ entry: consuming RequestLog.Entry?,
        status: Int,
        fixture: String?,
        variant: String? = nil,
        details: String? = nil,
        answer: JournalAnswer = JournalAnswer()
    ) {
        let details = servedNote.map { note in details.map { "\($0) \(note)" } ?? note } ?? details
        log.finish(consume entry, status: status, fixture: fixture, variant: variant, details: details, answer: answer)
    }
}
