import Foundation
import StandInEngine
import StandInFixtures

/// Answers one loop's requests in record mode: each goes to the backend in a task, off the loop; the answer comes
/// back to this loop's thread and is sent, whether or not recording it worked. Admin calls, and with `--mode
/// missing` the requests a fixture already answers, go to the ordinary `MockResponder`.
///
/// The request waits as a `DeferredRequest`, so a client that hangs up meanwhile costs nothing: its answer is
/// recorded and then dropped.
final class RecordingResponder: HTTPHandler {
    /// A request waiting for its backend call.
    struct Pending {
        let request: DeferredRequest
        let responder: RecordingResponder
        let requestId: String
        var entry: RequestLog.Entry?
        /// The answer's bytes, held until the client has them.
        let share: InFlightBytes.Share
    }

    private let mock: MockResponder
    private let session: RecordingSession
    private unowned let loop: EventLoop
    private var requestIDs = RequestIDGenerator()

    private var context: ServerContext { mock.context }
    private var log: RequestLog { mock.log }

    init(session: RecordingSession, context: ServerContext, loop: EventLoop) {
        self.session = session
        self.loop = loop
        mock = MockResponder(context: context, loop: loop, servedNote: "SERVED", recordingRedactor: session.redactor)
    }

    func engineDid(_ event: EngineEvent) {
        mock.engineDid(event)
    }

    func handle(_ request: ServerRequest) {
        if request.path.hasPrefix(AdminAPI.pathPrefix) { return mock.handle(request) }
        let call = UpstreamCall(request)
        if let refusal = call.refusal { return refuse(call, request, refusal) }
        if session.configuration.mode == .missing, isAnsweredByFixture(request, call) { return mock.handle(request) }
        let redactor = session.redactor
        let pending = Pending(
            request: DeferredRequest(request, on: loop),
            responder: self,
            requestId: requestIDs.id(for: request.header(named: "X-Request-ID")),
            entry: log.start(
                method: call.method,
                path: redactor.redactPath(of: call.exchange()),
                journal: JournalEntry(request, recording: redactor)
            ),
            share: session.inFlight.share()
        )
        let journaled = pending.entry?.journal != nil
        let bound = LoopBound(pending, on: loop)
        let session = self.session
        let share = pending.share
        Task {
            let result = await session.forward(call, holding: share)
            let format = session.configuration.rules.envelope
            let answer = journaled ? JournalAnswer.of(result, to: call, format: format) : JournalAnswer()
            bound.hop { pending in pending.responder.finish(pending, with: result, answer: answer) }
        }
    }

    /// Whether a fixture answers the request: any fixture outside the recording folder, or the very file this
    /// request would be recorded to (another recorded file may match loosely, e.g. one without this query).
    private func isAnsweredByFixture(_ request: ServerRequest, _ call: UpstreamCall) -> Bool {
        var facts = RequestFacts(request)
        guard let match = context.store.current.index.match(&facts) else { return false }
        let id = match.fixture.id
        guard id.hasPrefix(session.configuration.into + "/") else { return true }
        return id == session.recorder.fixtureID(for: call.exchange())
    }

    /// Sends the backend's answer (or the 502/504) on the loop's thread, then logs and journals it with `answer`.
    private func finish(_ pending: Pending, with result: RecordingSession.Result, answer: JournalAnswer) {
        let server = pending.request.request
        pending.request.finish()
        let status: Int
        var fixture: String?
        var details: String
        switch result {
        case .answered(let answered, let headers, let body, let recorded):
            status = answered
            if let server {
                for header in headers { server.addHeader(header.name, header.value) }
                body.withUnsafeBytes { server.appendBody($0) }
                server.send(status: status)
            }
            switch recorded {
            case .success(let outcome):
                fixture = outcome.fixtureID
                details = outcome.label.rawValue
            case .failure(let failure):
                details = "NOT RECORDED: \(failure)"
            }
        case .failed(let failed, let message):
            status = failed
            if let server { sendError(status: status, message: message, requestId: pending.requestId, to: server) }
            details = "NOT RECORDED: \(message)"
        }
        pending.share.release()
        if server == nil { details += " client-gone" }
        log.finish(
            pending.entry,
            status: status,
            fixture: fixture,
            label: fixture ?? "-",
            details: details,
            answer: answer
        )
    }

    /// Answers 400 to a request whose target is not sent to the backend (`UpstreamTarget`), and logs it; nothing is
    /// sent upstream or recorded.
    private func refuse(_ call: UpstreamCall, _ request: ServerRequest, _ refusal: UpstreamTarget.Refusal) {
        let entry = log.start(method: call.method, path: session.redactor.redactPath(of: call.exchange()), journal: nil)
        let requestId = requestIDs.id(for: request.header(named: "X-Request-ID"))
        sendError(status: 400, message: "\(call.method) \(refusal); not sent", requestId: requestId, to: request)
        log.finish(entry, status: 400, fixture: nil, label: "-", details: "NOT RECORDED: \(refusal)")
    }

    /// The 400, 502, 503 or 504 envelope, in the project's envelope format. A 503 (the answers in flight hold too
    /// much) says when to try again.
    private func sendError(status: Int, message: String, requestId: String, to server: ServerRequest) {
        let config = context.store.current.config
        let retry = status == 503 ? [(name: "Retry-After", value: "1")] : []
        server.send(.error(status: status, message: message, config: config, requestId: requestId, extraHeaders: retry))
    }
}
