import Foundation
import StandInEngine
import StandInFixtures

/// Answers one loop's requests: admin calls under `/__standin/`, everything else from the current fixtures through
/// the answering core with its simulation planned (`PlannedAnswer`, which `MockRegistry` decides through too).
///
/// Every request becomes an `Exchange` in front of the answering (`receive`), and every way of answering ends in the
/// exchange's `finish`, which logs and journals it.
final class MockResponder: HTTPHandler {
    let context: ServerContext
    unowned let loop: EventLoop
    /// Where this loop's requests get their request ids and log entries; in record mode, the recorder's too.
    private var reception: Reception
    /// Where this loop counts hits; nil on a session's port (hits count the main port's requests).
    let hits: HitCounts.Shard?
    /// On a session's port, the session, which every request and admin call here acts on.
    private let session: SessionBinding?
    /// The session this loop's last request named (`X-StandIn-Session`).
    private var recentSession = RecentSession()
    /// Added to every access-log line of a fixture's answer (record mode marks them `SERVED`).
    let servedNote: String?
    /// The real backend that answers what no fixture matches (`serve --fallback-upstream`), if any.
    let fallback: Upstream?
    /// Under a spec, what it says of this loop's fixed answers.
    let staticAnswerVerdicts = StaticAnswerVerdicts()

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
        self.session = session
        let log = RequestLog(accessLog: context.accessLog, journaling: context.journal != nil)
        reception = Reception(log: log, redactor: recordingRedactor)
        hits = session == nil ? context.hits.makeShard() : nil
    }

    func handle(_ request: ServerRequest) {
        answer(receive(request))
    }

    /// The exchange of `request`, just arrived on this loop.
    func receive(_ request: ServerRequest) -> Exchange {
        reception.receive(request)
    }

    /// Answers `exchange`: an admin call, or a request for the fixtures of the state it acts on (refused when it
    /// names a session that cannot be used).
    func answer(_ exchange: consuming Exchange) {
        if exchange.request.path.hasPrefix(AdminAPI.pathPrefix) { return answerAdmin(consume exchange) }
        let controls = exchange.request.controlHeaders
        switch sessionState(for: controls.session) {
        case .success(let state):
            exchange.journal(into: state.journal, redactor: reception.redactor)
            if let served = context.contract {
                let simulation = controls.simulation
                return answerUnderContract(consume exchange, state: state, controls: simulation, served: served)
            }
            answerFromFixtures(consume exchange, state: state, controls: controls.simulation)
        case .failure(let refusal):
            // Not journaled, in no session.
            exchange.request.sendError(
                status: refusal.status,
                message: refusal.message,
                config: context.store.current.config,
                requestId: exchange.requestId
            )
            exchange.finish(Exchange.Ending(status: refusal.status, fixture: nil, label: "NO SESSION"))
        }
    }

    /// The state a request or admin call acts on: on a session's port, the session's; else the one `header` names
    /// (`X-StandIn-Session`), or the main state without one.
    func sessionState(for header: SessionHeader?) -> Result<SessionState, AdminError> {
        if let session { return session.use() }
        guard let header else { return .success(context.main) }
        return context.state(forSession: header, recent: &recentSession)
    }

    /// Finishes an exchange the fixtures answered, with record mode's note added to its details.
    func finish(_ exchange: consuming Exchange, _ ending: borrowing Exchange.Ending) {
        // Borrowed, and copied only to add a note: an ending is too large to copy for every request.
        guard servedNote != nil else { return exchange.finish(ending) }
        exchange.finish((copy ending).noting(servedNote))
    }
}
