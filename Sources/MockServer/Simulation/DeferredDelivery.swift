import StandInEngine
import StandInFixtures
import StandInSupport

/// Delivers one deferred answer on its loop: waits out the delay, then sends the response (its body paced, for a
/// `slow-body` fault or a network's downlink; half of it before a reset for `cut-stream`) or produces the fault, and
/// stops at once if the client hangs up.
final class DeferredDelivery {
    /// Delays this long or longer watch the client's socket so that a hang-up frees the request at once. Shorter
    /// ones skip the watch (two epoll calls per request) and notice a hang-up when their answer fails to send.
    static let hangUpWatchThreshold = Duration.seconds(1)

    private let request: DeferredRequest
    private let rendered: RenderedResponse
    private let plan: ResponsePlan
    /// Unowned: the loop outlives its requests (freeing its HTTP server closes their connections).
    private unowned let loop: EventLoop
    /// How long a `timeout` fault holds the request (`--max-hold`).
    private let maxHold: Duration
    private var pending: LoopTimer?
    private var finished: ((String?) -> Void)?

    init(request: DeferredRequest, rendered: RenderedResponse, plan: ResponsePlan, loop: EventLoop, maxHold: Duration) {
        self.request = request
        self.rendered = rendered
        self.plan = plan
        self.loop = loop
        self.maxHold = maxHold
    }

    /// Starts the delivery; `finished` gets the access log's details once it is over, whichever way.
    func start(finished: @escaping (String?) -> Void) {
        self.finished = finished
        if plan.fault == .timeout || plan.delay >= Self.hangUpWatchThreshold { request.watchForHangUp() }
        request.onHangUp = { [self] in
            pending?.cancel()
            complete(note: "client-gone")
        }
        pending = loop.schedule(after: plan.delay) { [self] in deliver() }
    }

    private func deliver() {
        guard let server = request.request else { return }
        if let bytesPerSecond = plan.bodyRate {
            sendPaced(at: bytesPerSecond, to: server)
            return
        }
        switch plan.fault {
        case nil, .slowBody:
            send(rendered, to: server)
        case .malformedBody:
            send(rendered.truncated, to: server)
        case .cutStream:
            sendHalfThenReset(to: server)
        case .connectionReset:
            request.closeConnection(reset: true)
            complete()
        case .emptyResponse:
            request.closeConnection(reset: false)
            complete()
        case .timeout:
            pending = loop.schedule(after: maxHold) { [self] in
                request.closeConnection(reset: false)
                complete(note: "held \(DurationText.format(maxHold))")
            }
        }
    }

    /// Sends the head, then the body a piece per `SlowBodyPace.tick`. Each piece is a slice of the one rendered body,
    /// copied only into the connection's output buffer.
    private func sendPaced(at bytesPerSecond: Int, to server: ServerRequest) {
        sendHead(to: server)
        trickle(from: 0, bytesPerTick: SlowBodyPace(bytesPerSecond: bytesPerSecond).bytesPerTick)
    }

    /// Sends the head (with the whole body's length) and half the body, then resets the connection: an answer cut
    /// part-way, as a dropped connection cuts it.
    private func sendHalfThenReset(to server: ServerRequest) {
        sendHead(to: server)
        server.sendBodyChunk(rendered.body[..<(rendered.body.count / 2)])
        request.closeConnectionOnceSent(reset: true)
        complete()
    }

    private func send(_ response: RenderedResponse, to server: ServerRequest) {
        request.finish()
        response.write(to: server, includingBody: false)
        server.send(status: plan.status, body: response.body, on: loop)
        complete()
    }

    /// Sends the head with the whole body's length; the body follows in pieces.
    private func sendHead(to server: ServerRequest) {
        request.stopWatchingForHangUp()
        rendered.write(to: server, includingBody: false)
        if !BodilessResponse.status(plan.status) {
            server.addHeader("Content-Length", String(rendered.body.count))
        }
        server.startReply(status: plan.status)
    }

    private func trickle(from offset: Int, bytesPerTick: Int) {
        guard let server = request.request else { return }
        let end = min(rendered.body.count, offset + bytesPerTick)
        server.sendBodyChunk(rendered.body[offset..<end])
        guard end < rendered.body.count else {
            request.finish()
            server.endReply()
            complete()
            return
        }
        pending = loop.schedule(after: SlowBodyPace.tick) { [self] in
            trickle(from: end, bytesPerTick: bytesPerTick)
        }
    }

    private func complete(note: String? = nil) {
        request.onHangUp = nil
        let details = [plan.logDetails, note].compactMap { $0 }.joined(separator: " ")
        finished?(details.isEmpty ? nil : details)
        finished = nil
    }
}
