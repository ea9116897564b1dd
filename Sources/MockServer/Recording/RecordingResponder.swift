import Foundation
import StandInEngine
import StandInFixtures

/// Answers one loop's requests in record mode: each goes to the backend through the `UpstreamRelay` (`--upstream`, or
/// on the proxy's ports the host the request was sent to); the answer is sent whether or not recording it worked.
/// Admin calls, and with `--mode missing` the requests a fixture already answers, go to the ordinary `MockResponder`,
/// which also gives every request its exchange.
final class RecordingResponder: HTTPHandler {
    private let mock: MockResponder
    private let session: RecordingSession
    private unowned let loop: EventLoop

    private var context: ServerContext { mock.context }

    init(session: RecordingSession, context: ServerContext, loop: EventLoop) {
        self.session = session
        self.loop = loop
        mock = MockResponder(context: context, loop: loop, servedNote: "SERVED", recordingRedactor: session.redactor)
    }

    func engineDid(_ event: EngineEvent) {
        mock.engineDid(event)
    }

    func handle(_ request: ServerRequest) {
        answer(mock.receive(request))
    }

    /// Sends `exchange`'s request to its backend and records the answer: on the main port to `--upstream`; through
    /// the proxy (`record --proxy-port`) to the host it was sent to, which the proxy must intercept.
    func answer(_ exchange: consuming Exchange) {
        let request = exchange.request
        if request.path.hasPrefix(AdminAPI.pathPrefix) { return mock.answer(exchange) }
        let origin = ProxiedOrigin(request)
        let call = UpstreamCall(request, host: origin?.host)
        if let refusal = call.refusal {
            // Not journaled: nothing was sent or recorded.
            return refuse(exchange, status: 400, message: "\(call.method) \(refusal); not sent", details: "\(refusal)")
        }
        let upstream: Upstream
        if let host = request.proxyHost {
            guard let origin, context.intercepts(origin.host) else {
                let message =
                    "\(host) is not an intercepted host name; record sends on only the hosts the proxy intercepts"
                return refuse(exchange, status: 421, message: message, details: "\(host) is not intercepted")
            }
            upstream = session.proxied.upstream(for: origin.url)
        } else if let main = session.upstream {
            upstream = main
        } else {
            let message =
                "this port has no upstream: record was started with --proxy-port and no --upstream, so only requests "
                + "through the proxy to intercepted hosts are sent on and recorded"
            return refuse(exchange, status: 502, message: message, details: "no upstream for this port")
        }
        if session.configuration.mode == .missing, isAnsweredByFixture(request, call) { return mock.answer(exchange) }
        exchange.journal(into: context.journal, redactor: session.redactor)
        if WebSocketHandshake.isUpgrade(request) { return recordWebSocket(exchange, call: call, to: upstream) }
        let journaled = exchange.isJournaled
        let session = self.session
        let share = session.inFlight.share()
        UpstreamRelay.relay(
            exchange,
            to: upstream,
            config: context.store.current.config,
            writeTimeoutSeconds: context.streamWriteTimeoutSeconds,
            on: loop
        ) { feed in
            let result = await session.forward(call, to: upstream, holding: share, relaying: feed)
            let format = session.configuration.rules.envelope
            let answer = journaled ? JournalAnswer.of(result, to: call, format: format) : JournalAnswer()
            return UpstreamRelay.Relayed(outcome: result.outcome, ending: result.ending(answer: answer), share: share)
        }
    }

    /// Answers `status` with an envelope saying `message`, and logs the exchange as not recorded for `details`.
    private func refuse(_ exchange: consuming Exchange, status: Int, message: String, details: String) {
        let config = context.store.current.config
        exchange.request.sendError(status: status, message: message, config: config, requestId: exchange.requestId)
        exchange.finish(Exchange.Ending(status: status, fixture: nil, label: "-", details: "NOT RECORDED: \(details)"))
    }

    /// Relays a WebSocket to `upstream` and records the conversation; a request that asks badly is refused.
    private func recordWebSocket(_ exchange: consuming Exchange, call: UpstreamCall, to upstream: Upstream) {
        if let refusal = WebSocketHandshake.refusal(of: exchange.request) {
            return refuse(exchange, status: refusal.status, message: refusal.reason, details: refusal.reason)
        }
        WebSocketRecording(exchange, call: call, to: upstream, session: session, context: context, loop: loop).start()
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
}

extension RecordingSession.Result {
    /// How the exchange ends in the log: the file it was recorded to (`-` for none; a GraphQL batch's files, joined
    /// with commas), the GraphQL operations recorded, what became of the recording, and why a relayed stream stopped
    /// early; `answer` for the journal.
    fileprivate func ending(answer: JournalAnswer) -> Exchange.Ending {
        var ending: Exchange.Ending
        switch recorded {
        case .success(let recorded)? where recorded.fixtureIDs.isEmpty:
            ending = Exchange.Ending(
                status: outcome.status,
                fixture: nil,
                label: "-",
                details: "NOT RECORDED: the backend did not know the persisted query; StandIn answers that itself",
                answer: answer
            )
            ending.graphQLOperations = recorded.graphQLOperations
        case .success(let recorded)?:
            ending = Exchange.Ending(
                status: outcome.status,
                fixture: recorded.fixtureID,
                details: recorded.label.rawValue,
                answer: answer
            )
            ending.graphQLOperations = recorded.graphQLOperations
        case .failure(let failure)?:
            ending = Exchange.Ending(
                status: outcome.status,
                fixture: nil,
                label: "-",
                details: "NOT RECORDED: \(failure)",
                answer: answer
            )
        case nil:
            ending = Exchange.Ending(
                status: outcome.status,
                fixture: nil,
                label: "-",
                details: "NOT RECORDED: \(outcome.failure ?? "no answer")",
                answer: answer
            )
        }
        if case .streamed(let stream) = outcome { ending = ending.noting(stream.cutShort) }
        return ending
    }
}
