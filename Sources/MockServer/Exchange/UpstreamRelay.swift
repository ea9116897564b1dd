import StandInEngine
import StandInFixtures

/// Sends an exchange's request to a real backend and relays the answer: the one way upstream of the fallback proxy
/// (`serve --fallback-upstream`) and of the recorder.
///
/// The call runs in a task on the backend's own thread (`Upstream.tasks`), off the loop. Its answer comes back to the
/// loop's thread and is sent if the client is still there (else the log line says `client-gone`); then the exchange
/// finishes as the caller's `call` said. The request waits as a `DeferredRequest`, so a client that hangs up
/// meanwhile costs nothing.
enum UpstreamRelay {
    /// What a call came to, made off the loop: what the client gets, and how the exchange ends.
    struct Relayed: Sendable {
        /// The backend's answer, or StandIn's 502, 503 or 504.
        var outcome: Upstream.Outcome
        /// How the exchange ends (its status is the outcome's).
        var ending: Exchange.Ending
        /// A fallback backend's answer as a fixture's `response`, for the journal.
        var fixtureResponse: [UInt8]?
        /// Released once the answer's bytes are the client's: record mode's bound on the answers in flight.
        var share: InFlightBytes.Share?
    }

    /// Relays `exchange` on `loop`: `call` asks `upstream`; its error envelopes are in `config`'s format.
    static func relay(
        _ exchange: consuming Exchange,
        to upstream: Upstream,
        config: ProjectConfig,
        on loop: EventLoop,
        _ call: @escaping @Sendable () async -> Relayed
    ) {
        let waiting = Waiting(
            request: DeferredRequest(exchange.request, on: loop),
            exchange: PendingExchange(exchange),
            config: config
        )
        let bound = LoopBound(waiting, on: loop)
        upstream.tasks.task {
            let relayed = await call()
            bound.hop { waiting in waiting.deliver(relayed) }
        }
    }

    /// An exchange waiting for its backend's answer.
    private struct Waiting {
        let request: DeferredRequest
        let exchange: PendingExchange
        let config: ProjectConfig

        /// On the loop's thread: sends what came back to the client, if it is still there, and finishes the
        /// exchange.
        func deliver(_ relayed: Relayed) {
            let client = request.request
            request.finish()
            if let client {
                switch relayed.outcome {
                case .answered(let status, let headers, let body, _):
                    for header in headers { client.addHeader(header.name, header.value) }
                    body.withUnsafeBytes { client.appendBody($0) }
                    client.send(status: status)
                case .failed(let status, let message):
                    client.sendError(status: status, message: message, config: config, requestId: exchange.requestId)
                }
            }
            relayed.share?.release()
            if let response = relayed.fixtureResponse { exchange.noteUnanswered(.upstream(response)) }
            exchange.finish(client == nil ? relayed.ending.noting("client-gone") : relayed.ending)
        }
    }
}

extension Upstream.Outcome {
    /// The status the client gets: the backend's, or StandIn's 502, 503 or 504.
    var status: Int {
        switch self {
        case .answered(let status, _, _, _), .failed(let status, _): status
        }
    }
}
