import StandInEngine
import StandInFixtures

/// Sends an exchange's request to a real backend and relays the answer: the one way upstream of the fallback proxy
/// (`serve --fallback-upstream`) and of the recorder.
///
/// The call runs in a task on the backend's own thread (`Upstream.tasks`), off the loop. Its answer comes back to the
/// loop's thread and is sent if the client is still there (else the log line says `client-gone`); then the exchange
/// finishes as the caller's `call` said. An event stream is relayed as it arrives instead, through the `Feed` the
/// call is given, and ended when the call returns. The request waits as a `DeferredRequest`, so a client that hangs
/// up meanwhile costs nothing.
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

    /// Relays `exchange` on `loop`: `call` asks `upstream`, relaying an event stream through the feed it is given;
    /// its error envelopes are in `config`'s format, and a streamed client that stops reading is cut off after
    /// `writeTimeoutSeconds`.
    static func relay(
        _ exchange: consuming Exchange,
        to upstream: Upstream,
        config: ProjectConfig,
        writeTimeoutSeconds: Int,
        on loop: EventLoop,
        _ call: @escaping @Sendable (RelayedEventStream.Feed) async -> Relayed
    ) {
        let request = DeferredRequest(exchange.request, on: loop)
        let stream = RelayedEventStream(request: request, writeTimeoutSeconds: writeTimeoutSeconds)
        let waiting = Waiting(request: request, stream: stream, exchange: PendingExchange(exchange), config: config)
        let bound = LoopBound(waiting, on: loop)
        let feed = RelayedEventStream.Feed(stream, on: loop)
        upstream.tasks.task {
            let relayed = await call(feed)
            bound.hop { waiting in waiting.deliver(relayed) }
        }
    }

    /// An exchange waiting for its backend's answer.
    private struct Waiting {
        let request: DeferredRequest
        /// Where an event stream went while it arrived.
        let stream: RelayedEventStream
        let exchange: PendingExchange
        let config: ProjectConfig

        /// On the loop's thread: sends what came back to the client, if it is still there (or ends the stream it
        /// has been sent), and finishes the exchange.
        func deliver(_ relayed: Relayed) {
            let clientMissed: String?
            if case .streamed = relayed.outcome {
                clientMissed = stream.end()
            } else {
                clientMissed = send(relayed.outcome)
            }
            relayed.share?.release()
            if let response = relayed.fixtureResponse { exchange.noteUnanswered(.upstream(response)) }
            exchange.finish(relayed.ending.noting(clientMissed))
        }

        /// Sends an answer that came whole; `client-gone` when the client left first.
        private func send(_ outcome: Upstream.Outcome) -> String? {
            let client = request.request
            request.finish()
            guard let client else { return "client-gone" }
            switch outcome {
            case .answered(let status, let headers, let body, _):
                for header in headers { client.addHeader(header.name, header.value) }
                body.withUnsafeBytes { client.appendBody($0) }
                client.send(status: status)
            case .failed(let status, let message):
                client.sendError(status: status, message: message, config: config, requestId: exchange.requestId)
            case .streamed:
                break  // sent as it arrived
            }
            return nil
        }
    }
}

extension Upstream.Outcome {
    /// The status the client gets: the backend's, or StandIn's 502, 503 or 504.
    var status: Int {
        switch self {
        case .answered(let status, _, _, _), .failed(let status, _): status
        case .streamed(let answer): answer.status
        }
    }

    /// StandIn's message for its 502, 503 or 504; nil when the backend answered.
    var failure: String? {
        guard case .failed(_, let message) = self else { return nil }
        return message
    }
}
