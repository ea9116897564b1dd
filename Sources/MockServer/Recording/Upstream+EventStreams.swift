import NetworkCore
import StandInFixtures
import StandInSocket
import StandInSupport

extension Upstream {
    /// An event stream the client was sent piece by piece as it arrived.
    struct StreamedAnswer: Sendable {
        let status: Int
        /// The headers the client got (end-to-end only).
        let headers: [(name: String, value: String)]
        /// Every byte that arrived; for a stream cut short, those up to the end of its last whole event.
        let body: [UInt8]
        /// The time before each event: since the previous one, or since the head for the first.
        let eventDelays: [Duration]
        /// How long the head took.
        let latency: Duration
        /// Why the stream stopped before the backend ended it (`--max-hold` passed, the connection broke); nil when
        /// the backend ended it.
        let cutShort: String?
    }

    /// How a request is sent: with a feed and the socket transport, a response that is an event stream is relayed
    /// through `feed` as it arrives (its capture put in `capture`); any other is read whole.
    func exchange(
        relaying feed: RelayedEventStream.Feed?,
        into capture: Locked<EventStreamCapture?>
    ) -> @Sendable (TransportRequest) async throws -> SocketTransport.Streamed {
        guard let feed, let socket else {
            return { [transport] request in SocketTransport.Streamed(response: try await transport.send(request)) }
        }
        let maxHold = self.maxHold
        return { request in
            try await socket.send(request) { head in
                guard Self.isRelayedAsItArrives(head) else { return .whole }
                let headers = TransportResponse(head: head).clientHeaders
                let stream = EventStreamCapture(headAt: .now)
                capture.withLock { $0 = stream }
                feed.open(status: head.status.code, headers: headers)
                return .pieces(limit: maxHold) { piece in
                    stream.take(piece, at: .now)
                    feed.send(piece)
                    return true
                }
            }
        }
    }

    /// Whether an answer with this head is relayed as it arrives: a successful, uncompressed event stream.
    private static func isRelayedAsItArrives(_ head: HTTPResponse) -> Bool {
        (200...299).contains(head.status.code) && head.status.code != 204
            && EventStreamMediaType.matches(head.headerFields[.contentType])
            && (head.headerFields[.contentEncoding].map { $0.lowercased() == "identity" } ?? true)
    }

    /// Why a relayed stream stopped before the backend ended it; nil when the backend did.
    private func cutShort(_ ending: SocketTransport.Streamed.Ending, share: InFlightBytes.Share?) -> String? {
        if let refusal = share?.refusal { return "stream ended: \(refusal)" }
        switch ending {
        case .complete: return nil
        case .limitReached: return "stream ended after \(DurationText.format(maxHold)) (--max-hold)"
        case .stopped: return "stream ended by StandIn"
        case .broken(let error): return "stream broke: \(error)"
        }
    }

    /// The outcome of a call whose answer was relayed as it arrived; nil when it came whole.
    func streamed(
        _ received: SocketTransport.Streamed,
        _ capture: EventStreamCapture,
        share: InFlightBytes.Share?,
        started: ContinuousClock.Instant
    ) -> Outcome? {
        guard let ending = received.ending else { return nil }
        var cutShort = cutShort(ending, share: share)
        let (body, delays, leftOut) = capture.captured(wholeEventsOnly: cutShort != nil)
        if let note = cutShort, leftOut > 0 {
            cutShort = "\(note); the \(leftOut) bytes of an unfinished event not recorded"
        }
        return .streamed(
            StreamedAnswer(
                status: received.response.head.status.code,
                headers: received.response.clientHeaders,
                body: body,
                eventDelays: delays,
                latency: capture.headTime - started,
                cutShort: cutShort
            )
        )
    }
}
