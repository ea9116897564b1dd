import CLibevent
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One end of a WebSocket (RFC 6455) on a bufferevent: reads frames into messages, answers pings, runs the close
/// handshake, and sends the messages it is given (masked, on the client's end).
///
/// The server's end is a request that became a WebSocket, carried by its connection's bufferevent once evhttp has
/// sent the `101 Switching Protocols` head. evhttp 2.1 has no way to hand a connection over, so the connection stays
/// evhttp's and the WebSocket takes its bufferevent's callbacks (`bufferevent_setcb`): evhttp never reads or writes
/// it again, and its record in the loop's `ConnectionGuard` stops treating its bytes as requests
/// (`ConnectionRecord.takeOver`). Closing frees the evhttp connection (`evhttp_connection_free`), which frees the
/// bufferevent, the 101 request still queued on it and the socket, and runs the record's close notice.
///
/// The client's end (record mode's connection to the backend) is a bufferevent of its own that
/// `WebSocketClientHandshake` opened; closing frees it.
///
/// What one client can cost is bounded: a message over `limits.maxMessageBytes` is refused with 1009; what waits
/// in the output buffer never passes `limits.outgoingBudget` (a send or pong past it drops the connection); a client
/// that stops reading is dropped after `limits.writeTimeoutSeconds`; one that never answers a close frame is cut
/// `closeWait` after it.
///
/// Ownership: on the server's end, evhttp owns the connection and the bufferevent, and the connection's record holds
/// this object strongly (its close notice) until the connection closes; on the client's end, this object owns the
/// bufferevent and its caller must hold it until `onEnd`. libevent's callbacks hold an unretained pointer to it,
/// cleared with the bufferevent. Threads: the loop's thread only.
package final class WebSocketConnection {
    /// Bounds on what one WebSocket may cost.
    package struct Limits: Sendable {
        /// The largest message a client may send (1009 past it).
        package var maxMessageBytes: Int
        /// The most bytes that may wait in the output buffer for a client to read.
        package var outgoingBudget: Int
        /// How long a client may leave pending output unread before it is dropped.
        package var writeTimeoutSeconds: Int

        package init(maxMessageBytes: Int = 1 << 20, outgoingBudget: Int = 256 * 1024, writeTimeoutSeconds: Int = 30) {
            self.maxMessageBytes = maxMessageBytes
            self.outgoingBudget = outgoingBudget
            self.writeTimeoutSeconds = writeTimeoutSeconds
        }
    }

    private enum State {
        case open
        /// A close frame has been sent or a failure decided; the connection goes once its output has left.
        case closing
        case closed
    }

    /// Who frees the connection when the WebSocket is over.
    private enum Owner {
        /// The server's end: evhttp's connection, freed with `evhttp_connection_free`.
        case evhttp(OpaquePointer)
        /// The client's end: the bufferevent, freed with `bufferevent_free` (which closes the socket).
        case bufferEvent
    }

    /// Each text or binary message the peer sends, while the WebSocket is open.
    package var onMessage: ((WebSocketInbound) -> Void)?
    /// Called once when the WebSocket is over, with how it ended.
    package var onEnd: ((WebSocketEnd) -> Void)?
    /// The subprotocol agreed in the handshake, if any.
    package let subprotocol: String?

    private let owner: Owner
    private let role: WebSocketRole
    private let bufferEvent: OpaquePointer
    private let limits: Limits
    /// Unowned: the loop outlives its connections (freeing its HTTP server closes them).
    private unowned let loop: EventLoop
    private var reader: WebSocketFrameReader
    private var state = State.open
    /// How the WebSocket ended, once that is decided; reported when the connection is gone.
    private var end: WebSocketEnd?
    private var closeDeadline: LoopTimer?

    /// How long the server waits for the client's part of the close handshake, or for its last bytes to leave.
    static let closeWait = Duration.seconds(2)

    /// Accepts `request`'s upgrade: sends `101 Switching Protocols` with `Sec-WebSocket-Accept` (and
    /// `subprotocol`, when given) and takes the connection over. Check the request with
    /// `WebSocketHandshake.refusal(of:)` first. Call `start()` once the callbacks are set. Nil when the connection
    /// is already gone.
    package init?(accepting request: ServerRequest, subprotocol: String?, limits: Limits, on loop: EventLoop) {
        guard let connection = evhttp_request_get_connection(request.request),
            let bufferEvent = evhttp_connection_get_bufferevent(connection),
            let key = request.header(named: "Sec-WebSocket-Key")
        else { return nil }
        owner = .evhttp(connection)
        role = .server
        self.bufferEvent = bufferEvent
        self.limits = limits
        self.loop = loop
        self.subprotocol = subprotocol
        reader = WebSocketFrameReader(role: .server, maxMessageBytes: limits.maxMessageBytes)
        request.addHeader("Upgrade", "websocket")
        request.addHeader("Connection", "Upgrade")
        request.addHeader("Sec-WebSocket-Accept", WebSocketHandshake.acceptValue(for: key))
        if let subprotocol { request.addHeader("Sec-WebSocket-Protocol", subprotocol) }
        // A 1xx reply has no body: evhttp writes the head alone, without chunked framing.
        request.startReply(status: 101)
        loop.connections.record(for: connection)?.takeOver { [self] in connectionClosed() }
    }

    /// The client's end of a WebSocket whose opening handshake has been made on `bufferEvent` (which this object owns
    /// from now on, and frees when the WebSocket is over); `subprotocol` is the one the server chose. Call `start()`
    /// once the callbacks are set.
    package init(client bufferEvent: OpaquePointer, subprotocol: String?, limits: Limits, on loop: EventLoop) {
        owner = .bufferEvent
        role = .client
        self.bufferEvent = bufferEvent
        self.limits = limits
        self.loop = loop
        self.subprotocol = subprotocol
        reader = WebSocketFrameReader(role: .client, maxMessageBytes: limits.maxMessageBytes)
    }

    /// Starts reading: sets the bufferevent's callbacks and timeouts, and reads what the client has sent already.
    package func start() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        bufferevent_setcb(bufferEvent, webSocketReadable, webSocketWritten, webSocketEvent, context)
        var writeTimeout = timeval(tv_sec: limits.writeTimeoutSeconds, tv_usec: 0)
        bufferevent_set_timeouts(bufferEvent, nil, &writeTimeout)
        bufferevent_enable(bufferEvent, Int16(EV_READ | EV_WRITE))
        // As for an event stream: what a stalled client leaves unread stays near the budget in the kernel too.
        var size = EventStreamReply.socketSendBuffer
        setsockopt(bufferevent_getfd(bufferEvent), SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        readInput()
    }

    /// Whether messages may still be sent: the WebSocket is open and no close has begun.
    package var isOpen: Bool { state == .open }

    /// The bytes written but not yet handed to the kernel.
    package var waitingBytes: Int {
        state == .closed ? 0 : evbuffer_get_length(bufferevent_get_output(bufferEvent))
    }

    /// Sends a text (UTF-8) or binary message; false when the WebSocket is closing or gone. A message that would
    /// take the waiting bytes past the budget drops the connection instead.
    @discardableResult
    package func send(_ bytes: [UInt8], text: Bool) -> Bool {
        guard state == .open else { return false }
        return write(text ? .text : .binary, bytes)
    }

    /// Starts the close handshake with `code` and `reason`; the connection goes once the client answers, or after
    /// `closeWait`.
    package func close(code: Int, reason: String) {
        guard state == .open else { return }
        end = .closedHere(code: code, reason: reason)
        guard write(.close, WebSocketFrameWriter.closePayload(code: code, reason: reason)) else { return }
        state = .closing
        armCloseDeadline()
    }

    /// Resets the connection now, with no close frame: a fault.
    package func reset() {
        guard state != .closed else { return }
        end = .reset
        SocketReset.prepare(bufferevent_getfd(bufferEvent))
        free()
    }

    /// Writes one frame; false, with the connection dropped, when it would take the output past the budget.
    private func write(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> Bool {
        let output = bufferevent_get_output(bufferEvent)
        guard
            evbuffer_get_length(output) + payload.count + WebSocketFrameWriter.maxHeaderLength <= limits.outgoingBudget
        else {
            drop("the client left over \(limits.outgoingBudget) bytes unread")
            return false
        }
        guard role == .client else {
            WebSocketFrameWriter.withHeader(opcode, length: payload.count) {
                _ = evbuffer_add(output, $0.baseAddress, $0.count)
            }
            payload.withUnsafeBytes { _ = evbuffer_add(output, $0.baseAddress, $0.count) }
            return true
        }
        // A client masks every frame with a key of its own (RFC 6455 section 5.3).
        let frame = WebSocketFrameWriter.frame(opcode, payload: payload, mask: UInt32.random(in: .min ... .max))
        frame.withUnsafeBytes { _ = evbuffer_add(output, $0.baseAddress, $0.count) }
        return true
    }

    fileprivate func readInput() {
        let input = bufferevent_get_input(bufferEvent)
        var failure: WebSocketFailure?
        while state != .closed, failure == nil, evbuffer_get_length(input) > 0 {
            let length = evbuffer_get_contiguous_space(input)
            guard let bytes = evbuffer_pullup(input, length) else { break }
            do {
                try reader.read(UnsafeRawBufferPointer(start: bytes, count: length)) { received($0) }
            } catch {
                failure = error
            }
            if state != .closed { evbuffer_drain(input, length) }
        }
        if let failure { fail(failure) }
    }

    private func received(_ inbound: WebSocketInbound) {
        switch inbound {
        case .text, .binary:
            if state == .open { onMessage?(inbound) }
        case .ping(let payload):
            if state == .open { _ = write(.pong, payload) }
        case .pong:
            break
        case .close(let code, let reason):
            guard state == .open else { return closeOnceSent() }
            end = .peerClosed(code: code, reason: reason)
            let answer = code.map { WebSocketFrameWriter.closePayload(code: $0, reason: "") } ?? []
            guard write(.close, answer) else { return }
            closeOnceSent()
        }
    }

    /// Fails the connection: a close frame with the failure's code, then the connection goes once it has left.
    private func fail(_ failure: WebSocketFailure) {
        guard state == .open else { return closeOnceSent() }
        end = .failed(failure)
        guard write(.close, WebSocketFrameWriter.closePayload(code: failure.code, reason: failure.reason)) else {
            return
        }
        closeOnceSent()
    }

    /// Frees the connection once its output has left (the write callback), or at the close deadline.
    private func closeOnceSent() {
        guard state != .closed else { return }
        state = .closing
        bufferevent_disable(bufferEvent, Int16(EV_READ))
        armCloseDeadline()
        if evbuffer_get_length(bufferevent_get_output(bufferEvent)) == 0 { freeLater() }
    }

    private func armCloseDeadline() {
        guard closeDeadline == nil else { return }
        closeDeadline = loop.schedule(after: Self.closeWait) { [self] in free() }
    }

    private func drop(_ reason: String) {
        end = .dropped(reason: reason)
        free()
    }

    /// Frees the connection on the next turn of the loop, outside the callback running now.
    private func freeLater() {
        loop.schedule(after: .zero) { [self] in free() }
    }

    /// Frees the connection: on the server's end, the evhttp connection (its bufferevent, socket and queued request),
    /// whose close notice reports the end; on the client's end, the bufferevent and its socket.
    private func free() {
        guard state != .closed else { return }
        switch owner {
        case .evhttp(let connection):
            evhttp_connection_free(connection)
        case .bufferEvent:
            bufferevent_free(bufferEvent)
            connectionClosed()
        }
    }

    fileprivate func written() {
        if state == .closing { freeLater() }
    }

    fileprivate func event(_ what: Int16) {
        if what & Int16(BEV_EVENT_TIMEOUT) != 0 {
            drop("the client stopped reading for \(limits.writeTimeoutSeconds) s")
        } else if end == nil {
            end = .peerGone
            free()
        } else {
            free()
        }
    }

    /// The connection is gone (freed here, by a peer leaving, or with the server): reports the end once.
    private func connectionClosed() {
        state = .closed
        closeDeadline?.cancel()
        closeDeadline = nil
        let ended = end ?? .peerGone
        let onEnd = self.onEnd
        self.onEnd = nil
        onMessage = nil
        onEnd?(ended)
    }
}

/// libevent calls these on the loop's thread for a WebSocket's bufferevent; `context` is the unretained
/// `WebSocketConnection`, which its connection's record keeps until the connection is freed (which clears them).
private func webSocketReadable(_ bufferEvent: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<WebSocketConnection>.fromOpaque(context).takeUnretainedValue().readInput()
}

private func webSocketWritten(_ bufferEvent: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<WebSocketConnection>.fromOpaque(context).takeUnretainedValue().written()
}

private func webSocketEvent(_ bufferEvent: OpaquePointer?, _ what: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<WebSocketConnection>.fromOpaque(context).takeUnretainedValue().event(what)
}
