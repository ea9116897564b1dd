import StandInEngine
import StandInFixtures
import StandInSupport

/// Holds a fixture's WebSocket conversation with one client: runs `onOpen`, answers each client message with the
/// steps the script picks for it, sends what a test pushes through the admin API, and writes every message both ways
/// into the transcript.
///
/// Steps run in order, one list after another: a `delay` holds the steps behind it (on a loop timer, never a
/// blocked loop), and the reply to a message that arrives meanwhile waits its turn. A `close` or a reset ends the
/// conversation; steps after it are dropped.
///
/// Threads: the loop's thread only. The connection's record keeps the connection, which keeps this object through
/// its callbacks, until the connection closes.
final class WebSocketConversation {
    private let connection: WebSocketConnection
    private let script: WebSocketScript
    /// The upgrade request's context, which templates render from; the request stays valid while the connection is
    /// open (it is queued on the evhttp connection until that is freed).
    private var renderContext: RenderContext<ServerRequest>
    let transcript: WebSocketTranscript
    private unowned let loop: EventLoop
    private var steps: [WebSocketStep] = []
    private var stepIndex = 0
    private var waiting: LoopTimer?

    init(
        connection: WebSocketConnection,
        script: WebSocketScript,
        renderContext: RenderContext<ServerRequest>,
        transcript: WebSocketTranscript,
        loop: EventLoop
    ) {
        self.connection = connection
        self.script = script
        self.renderContext = renderContext
        self.transcript = transcript
        self.loop = loop
    }

    /// Starts the conversation: the client's messages are answered from now on, and `onOpen` runs. `ended` hears
    /// once how the WebSocket ended.
    func start(ended: @escaping (WebSocketEnd) -> Void) {
        connection.onMessage = { [self] inbound in received(inbound) }
        connection.onEnd = { [self] end in
            waiting?.cancel()
            waiting = nil
            dropSteps()
            transcript.end(end.description)
            ended(end)
        }
        connection.start()
        run(script.opening(with: &renderContext))
    }

    /// Sends `message` now (a test's push), ahead of any steps still waiting; false when the WebSocket is closing or
    /// gone.
    func push(_ message: WebSocketMessage) -> Bool {
        send(message)
    }

    /// Starts the close handshake with `code` (a test's `DELETE`).
    func close(code: Int, reason: String) {
        dropSteps()
        connection.close(code: code, reason: reason)
    }

    private func received(_ inbound: WebSocketInbound) {
        let message: WebSocketMessage
        switch inbound {
        case .text(let bytes): message = WebSocketMessage(kind: .text, bytes: bytes)
        case .binary(let bytes): message = WebSocketMessage(kind: .binary, bytes: bytes)
        default: return
        }
        transcript.add(message, fromClient: true)
        run(script.reply(to: message, with: &renderContext))
    }

    /// Queues `more` after the steps still to run, and runs what is due.
    private func run(_ more: [WebSocketStep]) {
        guard !more.isEmpty else { return }
        steps.removeFirst(stepIndex)
        stepIndex = 0
        steps += more
        if waiting == nil { proceed() }
    }

    private func proceed() {
        while stepIndex < steps.count, connection.isOpen {
            let step = steps[stepIndex]
            stepIndex += 1
            switch step {
            case .wait(let duration):
                waiting = loop.schedule(after: duration) { [self] in
                    waiting = nil
                    proceed()
                }
                return
            case .send(let message):
                send(message)
            case .close(let code, let reason):
                close(code: code, reason: reason)
            case .reset:
                dropSteps()
                connection.reset()
            }
        }
    }

    /// Forgets the steps still to run: the conversation is ending.
    private func dropSteps() {
        steps = []
        stepIndex = 0
    }

    @discardableResult
    private func send(_ message: WebSocketMessage) -> Bool {
        guard connection.send(message.bytes, text: message.kind == .text) else { return false }
        transcript.add(message, fromClient: false)
        return true
    }
}
