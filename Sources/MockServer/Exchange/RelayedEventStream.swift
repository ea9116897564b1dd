import StandInEngine

/// The client's side of a backend's event stream relayed as it arrives: opened with the backend's head, then each
/// piece of the body written as one chunk the moment it comes back to the loop, then ended once the backend's
/// stream is over. A client that leaves meanwhile costs nothing (later pieces are dropped); one that leaves more than
/// `EventStreamDelivery.budget` bytes unread has its connection reset, as a fixture's stream would.
///
/// Threads: the loop's thread only; the backend's thread reaches it through `Feed`, whose calls arrive in order.
final class RelayedEventStream {
    private enum State {
        /// The backend's head has not come.
        case waiting
        /// The client is being sent the stream.
        case streaming(EventStreamReply)
        /// The client left, or was dropped; `reason` says which when it was dropped.
        case gone(reason: String?)
    }

    private let request: DeferredRequest
    private let writeTimeoutSeconds: Int
    private var state = State.waiting

    /// Relays to the client of `request`; a client that stops reading is cut off after `writeTimeoutSeconds`.
    init(request: DeferredRequest, writeTimeoutSeconds: Int) {
        self.request = request
        self.writeTimeoutSeconds = writeTimeoutSeconds
    }

    /// Sends the backend's status and headers, and opens the stream.
    func open(status: Int, headers: [(name: String, value: String)]) {
        guard case .waiting = state else { return }
        guard let client = request.request else {
            state = .gone(reason: nil)
            return
        }
        for header in headers { client.addHeader(header.name, header.value) }
        let reply = EventStreamReply(
            request,
            status: status,
            budget: EventStreamDelivery.budget,
            writeTimeoutSeconds: writeTimeoutSeconds
        )
        reply.onHangUp = { [weak self] in self?.state = .gone(reason: nil) }
        state = .streaming(reply)
    }

    /// Writes `bytes` as they came; drops the client when it leaves too much unread.
    func send(_ bytes: [UInt8]) {
        guard case .streaming(let reply) = state, reply.isOpen else { return }
        guard reply.send(bytes[...]) else {
            reply.cut()
            state = .gone(reason: "dropped: the client left over \(EventStreamDelivery.budget) bytes unread")
            return
        }
    }

    /// Ends the client's stream; nil when the client had it to the end, else why not (`client-gone`, or dropped).
    func end() -> String? {
        switch state {
        case .streaming(let reply) where reply.isOpen:
            reply.end(with: [])
            return nil
        case .gone(let reason?):
            return reason
        default:
            return "client-gone"
        }
    }

    /// How the backend's thread hands a stream to the loop: every call hops there, in order.
    struct Feed: Sendable {
        private let stream: LoopBound<RelayedEventStream>

        /// Binds to `stream`; on the loop's thread.
        init(_ stream: RelayedEventStream, on loop: EventLoop) {
            self.stream = LoopBound(stream, on: loop)
        }

        /// Opens the client's stream with the backend's head (headers for the client: end-to-end only).
        func open(status: Int, headers: [(name: String, value: String)]) {
            stream.hop { $0.open(status: status, headers: headers) }
        }

        /// Writes `bytes` to the client.
        func send(_ bytes: [UInt8]) {
            stream.hop { $0.send(bytes) }
        }
    }
}
