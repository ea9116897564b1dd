import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One open connection of a loop, as its `ConnectionGuard` sees it: when its current request started arriving, what
/// its raw head and chunked body held that evhttp would let through (`RequestHeadScan`, `ChunkedBodyScan`), and who
/// wants to hear when it closes.
///
/// Ownership: the guard owns records; libevent's buffer callbacks and the connection's close callback hold
/// unretained pointers to them, and the guard keeps each record until that close callback has run. Threads: the
/// loop's thread only.
final class ConnectionRecord {
    /// The evhttp connection; nil until the guard has found it (right after the accept).
    var connection: OpaquePointer?
    /// The guard tick at which the current request's first byte arrived; nil between requests.
    var requestStartedAt: Int?
    /// For a TLS connection, the guard tick at which it was accepted, until its first request's first byte arrives:
    /// the handshake is part of the first request's arrival, so a client that holds it open is cut at the read
    /// timeout like one that holds a head open.
    var handshakeStartedAt: Int?
    /// Called once when the connection closes: a deferred request that must not outlive it.
    var onClose: (() -> Void)?
    /// Reads the body of the request arriving now slowly, when its head asked for that; nil otherwise.
    private var throttle: ThrottledBodyRead?
    private var headScan = RequestHeadScan()
    /// Reads the chunked body of the request arriving now; nil when it has none.
    private var bodyScan: ChunkedBodyScan?
    /// The method of the request arriving now when evhttp cannot parse it (see `ExtensionMethod`).
    private var extensionMethod: String?
    /// Whether the method of the request arriving now has been looked at.
    private var methodChecked = false
    private var watchingInput = false
    private var input: (buffer: OpaquePointer, watch: OpaquePointer)?
    private var output: (buffer: OpaquePointer, watch: OpaquePointer)?
    unowned let owner: ConnectionGuard
    /// The port the connection came in on; it shuts its connections down before it goes.
    unowned let port: PortListener

    init(owner: ConnectionGuard, port: PortListener) {
        self.owner = owner
        self.port = port
    }

    /// Watches the bufferevent's buffers: the first byte in marks a request's start, the bytes in are scanned until
    /// the head ends (and a chunked body with it), and the first byte out before the handler got the request is
    /// evhttp's own refusal.
    func watch(_ bufferEvent: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let inputBuffer = bufferevent_get_input(bufferEvent)!
        let outputBuffer = bufferevent_get_output(bufferEvent)!
        input = (inputBuffer, evbuffer_add_cb(inputBuffer, watchedBufferGrew, context))
        output = (outputBuffer, evbuffer_add_cb(outputBuffer, watchedBufferGrew, context))
        setWatching(input, true)
        setWatching(output, false)
    }

    /// The handler got the request: it is no longer arriving, and the reply will be the handler's, so only the next
    /// request's bytes are watched for. (evhttp reads nothing more until the reply is out.) Returns the flaw the
    /// delivered request's raw head or chunked body had, if any, and its extension method, if evhttp saw it as
    /// `POST`. What a pipelining client already sent is the next request's start (evhttp has taken this one's head
    /// and body out of the buffer), and is scanned now.
    func requestDelivered() -> (flaw: RequestFlaw?, extensionMethod: String?) {
        let delivered = (flaw: headScan.flaw ?? bodyScan?.flaw, extensionMethod: extensionMethod)
        requestStartedAt = nil
        endThrottle()
        setWatching(output, false)
        startScanning()
        return delivered
    }

    /// The connection stops carrying HTTP: a WebSocket (or a tunnel) has taken its bufferevent over. Nothing it
    /// reads is a request any more, so the buffers are no longer watched and the read timeout no longer applies; the
    /// connection still counts toward the limit, and `onClose` (replacing any) hears when it closes.
    func takeOver(onClose: @escaping () -> Void) {
        requestStartedAt = nil
        handshakeStartedAt = nil
        endThrottle()
        setWatching(input, false)
        setWatching(output, false)
        self.onClose = onClose
    }

    private func startScanning() {
        headScan = RequestHeadScan()
        bodyScan = nil
        extensionMethod = nil
        methodChecked = false
        setWatching(input, true)
        guard let buffer = input?.buffer else { return }
        scanInput(from: 0, count: evbuffer_get_length(buffer))
        checkMethod()
    }

    /// Feeds `count` bytes of the input buffer from `offset` to the head scan, and what follows a complete head to the
    /// body scan of a chunked body; stops watching the input once both are done (the rest is evhttp's alone).
    private func scanInput(from offset: Int, count: Int) {
        guard let buffer = input?.buffer, count > 0 else { return }
        var used = 0
        var arrivedHead: Int?
        if !headScan.isComplete {
            used = Self.feed(buffer, from: offset, count: count) { headScan.read($0, count: $1) }
            guard headScan.isComplete else { return }
            if headScan.flaw == nil {
                arrivedHead = offset + used
                bodyScan = Self.chunkedBodyScan(of: buffer, headLength: offset + used, scan: headScan)
            }
        }
        if bodyScan?.isComplete == false, used < count {
            Self.feed(buffer, from: offset + used, count: count - used) { bodyScan!.read($0, count: $1) }
        }
        if bodyScan?.isComplete != false { setWatching(input, false) }
        if let arrivedHead { headArrived(length: arrivedHead) }
    }

    /// A scan for the body of the request whose sound head (read by `scan`) is the first `headLength` bytes of
    /// `buffer`, when the body is chunked; nil otherwise.
    private static func chunkedBodyScan(
        of buffer: OpaquePointer,
        headLength: Int,
        scan: RequestHeadScan
    ) -> ChunkedBodyScan? {
        guard scan.hasTransferEncoding, let bytes = evbuffer_pullup(buffer, headLength) else { return nil }
        let head = RequestHeadBytes(bytes: UnsafeRawBufferPointer(start: bytes, count: headLength))
        // As evhttp decides: by the first Transfer-Encoding field, in any case. Other codings get 501 on delivery.
        return head.header(named: "Transfer-Encoding")?.lowercased() == "chunked" ? ChunkedBodyScan() : nil
    }

    /// Hands `read` the segments holding `count` bytes of `buffer` from `offset`, and that count; returns what
    /// `read` returns.
    @discardableResult
    private static func feed(
        _ buffer: OpaquePointer,
        from offset: Int,
        count: Int,
        _ read: (UnsafeMutableBufferPointer<iovec>, Int) -> Int
    ) -> Int {
        var position = evbuffer_ptr()
        guard evbuffer_ptr_set(buffer, &position, offset, EVBUFFER_PTR_SET) == 0 else { return 0 }
        // Most reads add one segment: room for a few on the stack, and a second look only when there are more.
        var used = 0
        let segments = peek(buffer, count, at: &position, capacity: 4) { used = read($0, count) }
        if segments > 4 {
            peek(buffer, count, at: &position, capacity: segments) { used = read($0, count) }
        }
        return used
    }

    /// The head of the request arriving now is complete and is the first `length` bytes of the input: its body
    /// may be read slowly (`ThrottledBodyRead`).
    private func headArrived(length: Int) {
        guard let buffer = input?.buffer, let connection,
            let bufferEvent = evhttp_connection_get_bufferevent(connection)
        else { return }
        throttle = ThrottledBodyRead.start(
            input: buffer,
            headLength: length,
            bufferEvent: bufferEvent,
            handler: port.handler
        )
    }

    /// Reads at full speed again; returns the throttle that was reading slowly, if any, for the log.
    @discardableResult
    func endThrottle() -> ThrottledBodyRead? {
        defer { throttle = nil }
        throttle?.lift()
        return throttle
    }

    /// Hands `body` the segments holding `count` bytes of `buffer` from `position`, when they are at most `capacity`;
    /// returns how many segments hold them. (evbuffer_iovec is a macro for the system's iovec.)
    @discardableResult
    private static func peek(
        _ buffer: OpaquePointer,
        _ count: Int,
        at position: inout evbuffer_ptr,
        capacity: Int,
        _ body: (UnsafeMutableBufferPointer<iovec>) -> Void
    ) -> Int {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: capacity) { vectors in
            let segments = Int(evbuffer_peek(buffer, count, &position, vectors.baseAddress, Int32(capacity)))
            if segments <= capacity { body(UnsafeMutableBufferPointer(rebasing: vectors[..<segments])) }
            return segments
        }
    }

    /// The client's address, from evhttp (which owns the string).
    var peer: String {
        guard let connection else { return "unknown" }
        var address: UnsafeMutablePointer<CChar>?
        var port: UInt16 = 0
        evhttp_connection_get_peer(connection, &address, &port)
        return address.map { String(cString: $0) } ?? "unknown"
    }

    fileprivate func bytesAdded(to buffer: OpaquePointer, from offset: Int, count: Int) {
        guard buffer == input?.buffer else { return refusalBegan() }
        handshakeStartedAt = nil
        if requestStartedAt == nil {
            requestStartedAt = owner.tick
            setWatching(output, true)
        }
        scanInput(from: offset, count: count)
        checkMethod()
    }

    /// Looks at the method token at the start of the input once it is complete (watching the input until then),
    /// and replaces an extension method there. Runs after the head scan has read the new bytes: the replacement
    /// changes only the token, which the scan does not judge.
    private func checkMethod() {
        guard !methodChecked, let buffer = input?.buffer, evbuffer_get_length(buffer) > 0 else { return }
        let watching = watchingInput
        // The replacement adds bytes to the input: not a request's bytes.
        setWatching(input, false)
        let inspection = ExtensionMethod.inspect(buffer)
        if case .replaced(let name) = inspection { extensionMethod = name }
        methodChecked = inspection != .incomplete
        setWatching(input, watching || !methodChecked)
    }

    private func refusalBegan() {
        guard let buffer = output?.buffer else { return }
        let status = Self.status(in: buffer)
        // evhttp's `100 Continue` to a request that sent `Expect: 100-continue`: its body is still to come.
        if status == 100 { return }
        setWatching(output, false)
        startScanning()
        requestStartedAt = nil
        owner.refused(self, status: status)
    }

    private func setWatching(_ side: (buffer: OpaquePointer, watch: OpaquePointer)?, _ on: Bool) {
        guard let side else { return }
        if side.buffer == input?.buffer { watchingInput = on }
        if on {
            evbuffer_cb_set_flags(side.buffer, side.watch, UInt32(EVBUFFER_CB_ENABLED))
        } else {
            evbuffer_cb_clear_flags(side.buffer, side.watch, UInt32(EVBUFFER_CB_ENABLED))
        }
    }

    /// The status code of the reply at the start of `buffer` (`HTTP/1.1 413 …`); 0 if it is not there yet.
    private static func status(in buffer: OpaquePointer) -> Int {
        var line = [UInt8](repeating: 0, count: 12)
        guard evbuffer_copyout(buffer, &line, 12) == 12 else { return 0 }
        return Int(String(decoding: line[9..<12], as: UTF8.self)) ?? 0
    }
}

/// libevent calls this on the loop's thread when a watched buffer of a connection changes, before evhttp reads what
/// was added: bytes into the input buffer start or continue a request head, bytes into the output buffer start
/// evhttp's refusal of it. The new bytes sit at the end of the buffer, after its `orig_size` bytes.
private func watchedBufferGrew(
    _ buffer: OpaquePointer?,
    _ info: UnsafePointer<evbuffer_cb_info>?,
    _ context: UnsafeMutableRawPointer?
) {
    guard let buffer, let info, info.pointee.n_added > 0, let context else { return }
    Unmanaged<ConnectionRecord>.fromOpaque(context).takeUnretainedValue().bytesAdded(
        to: buffer,
        from: info.pointee.orig_size,
        count: info.pointee.n_added
    )
}
