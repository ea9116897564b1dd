import StandInEngine
import StandInFixtures

/// Streams a fixture's server-sent events on its loop: waits out the answer's delay, sends the head, then each event
/// once its own delay has passed (loop timers, never a blocked loop). After the last event it ends the reply
/// (`afterLast: close`) or keeps the stream open until the client leaves (`hold`).
///
/// A `cut-stream` fault resets the connection after its events; `malformed-body` sends half of the first event and
/// ends; a network's downlink (or `slow-body`) holds each event back as long as its bytes would take to arrive. A
/// client that leaves more than `budget` bytes unread is dropped (its connection reset).
///
/// Threads: the loop's thread only. The delivery lives as long as a timer or the reply's hang-up notice holds it.
final class EventStreamDelivery {
    /// The most bytes of events one client may leave unread in its connection's output buffer.
    static let budget = 256 * 1024

    /// What became of a stream, for the journal and the access log.
    struct Outcome {
        var eventsSent: Int
        var clientLeftFirst: Bool
        var note: String?
    }

    private let request: DeferredRequest
    /// The headers to send; the body is the events.
    private let head: RenderedResponse
    private let plan: ResponsePlan
    /// The events of this answer: their bytes (rendered for this request) and when each is due.
    private let script: RenderedEventStream
    /// The events sent before a `cut-stream` fault resets the connection.
    private let cutAfter: Int?
    private let writeTimeoutSeconds: Int
    /// Unowned: the loop outlives its requests (freeing its HTTP server closes their connections).
    private unowned let loop: EventLoop
    private var reply: EventStreamReply?
    private var pending: LoopTimer?
    private var sent = 0
    private var finished: ((Outcome) -> Void)?

    init(
        request: DeferredRequest,
        head: RenderedResponse,
        plan: ResponsePlan,
        script: RenderedEventStream,
        writeTimeoutSeconds: Int,
        loop: EventLoop
    ) {
        self.request = request
        self.head = head
        self.plan = plan
        self.script = script
        self.writeTimeoutSeconds = writeTimeoutSeconds
        self.loop = loop
        cutAfter = plan.eventsBeforeCut(of: script.events.count)
    }

    /// Starts the stream; `finished` hears once how it ended.
    func start(finished: @escaping (Outcome) -> Void) {
        self.finished = finished
        request.onHangUp = { [self] in
            pending?.cancel()
            complete(clientLeftFirst: true)
        }
        guard plan.delay > .zero else { return open() }
        if plan.delay >= DeferredDelivery.hangUpWatchThreshold { request.watchForHangUp() }
        pending = loop.schedule(after: plan.delay) { [self] in open() }
    }

    /// Sends the head and the opening, then the events as they fall due.
    private func open() {
        guard let server = request.request else { return }
        request.stopWatchingForHangUp()
        for header in head.headers { server.addHeader(header.name, header.value) }
        let reply = EventStreamReply(
            request,
            status: plan.status,
            budget: Self.budget,
            writeTimeoutSeconds: writeTimeoutSeconds
        )
        reply.onHangUp = { [self] in
            pending?.cancel()
            complete(clientLeftFirst: true)
        }
        self.reply = reply
        if plan.fault == .malformedBody, let first = script.events.first {
            reply.end(with: Array(first.prefix(first.count / 2)))
            return complete(clientLeftFirst: false)
        }
        guard reply.send(script.opening[...]) else { return drop() }
        proceed()
    }

    /// Sends every event already due, then waits for the next one; cuts or ends the stream after the last.
    private func proceed() {
        guard let reply else { return }
        while true {
            if let cutAfter, sent == cutAfter {
                reply.cut()
                return complete(clientLeftFirst: false, note: "cut after \(sent) events")
            }
            guard sent < script.events.count else { return end(reply) }
            let wait = waitBeforeEvent(sent)
            guard wait == .zero else {
                pending = loop.schedule(after: wait) { [self] in sendEvent() }
                return
            }
            guard send(reply) else { return }
        }
    }

    private func sendEvent() {
        guard let reply, send(reply) else { return }
        proceed()
    }

    /// Sends the next event; false (and the stream dropped) when the client leaves too much unread or is gone.
    private func send(_ reply: EventStreamReply) -> Bool {
        guard reply.isOpen else { return false }
        guard reply.send(script.events[sent][...]) else {
            drop()
            return false
        }
        sent += 1
        return true
    }

    /// The event's own delay, plus the time its bytes take at a paced rate (a network's downlink, `slow-body`).
    private func waitBeforeEvent(_ index: Int) -> Duration {
        plan.wait(beforeEventOf: script.events[index].count, delay: script.delays[index])
    }

    private func end(_ reply: EventStreamReply) {
        switch script.ending {
        case .close:
            reply.end(with: [])
            complete(clientLeftFirst: false)
        case .hold:
            break  // until the client leaves: its hang-up completes the stream
        }
    }

    /// Resets the connection of a client that reads too slowly for the budget.
    private func drop() {
        reply?.cut()
        complete(clientLeftFirst: false, note: "dropped: the client left over \(Self.budget) bytes unread")
    }

    private func complete(clientLeftFirst: Bool, note: String? = nil) {
        guard let finished else { return }
        self.finished = nil
        request.onHangUp = nil
        reply?.onHangUp = nil
        finished(Outcome(eventsSent: sent, clientLeftFirst: clientLeftFirst, note: note))
    }
}
