import CLibevent

/// One open connection of a loop, as its `ConnectionGuard` sees it: when its current request started arriving, and
/// who wants to hear when it closes.
///
/// Ownership: the guard owns records; libevent's buffer callbacks and the connection's close callback hold
/// unretained pointers to them, and the guard keeps each record until that close callback has run. Threads: the
/// loop's thread only.
final class ConnectionRecord {
    /// The evhttp connection; nil until the guard has found it (right after the accept).
    var connection: OpaquePointer?
    /// The guard tick at which the current request's first byte arrived; nil between requests.
    var requestStartedAt: Int?
    /// Called once when the connection closes: a deferred request that must not outlive it.
    var onClose: (() -> Void)?
    /// The method of the request arriving now when evhttp cannot parse it (see `ExtensionMethod`).
    private var extensionMethod: String?
    /// Whether the method of the request arriving now has been looked at.
    private var methodChecked = false
    private var watchingInput = false
    private var input: (buffer: OpaquePointer, watch: OpaquePointer)?
    private var output: (buffer: OpaquePointer, watch: OpaquePointer)?
    unowned let owner: ConnectionGuard

    init(owner: ConnectionGuard) {
        self.owner = owner
    }

    /// Watches the bufferevent's buffers: the first byte in marks a request's start, and the first byte out before
    /// the handler got the request is evhttp's own refusal.
    func watch(_ bufferEvent: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let inputBuffer = bufferevent_get_input(bufferEvent)!
        let outputBuffer = bufferevent_get_output(bufferEvent)!
        input = (inputBuffer, evbuffer_add_cb(inputBuffer, watchedBufferGrew, context))
        output = (outputBuffer, evbuffer_add_cb(outputBuffer, watchedBufferGrew, context))
        setWatching(output, false)
    }

    /// The handler got the request: it is no longer arriving, and the reply will be the handler's, so only the next
    /// request's first byte is watched for. (evhttp reads nothing more until the reply is out.) Returns the
    /// request's extension method, if evhttp saw it as `POST`; looks at the method of a pipelined request already
    /// waiting.
    func requestDelivered() -> String? {
        let method = extensionMethod
        extensionMethod = nil
        methodChecked = false
        requestStartedAt = nil
        setWatching(output, false)
        setWatching(input, true)
        checkMethod()
        return method
    }

    /// The client's address, from evhttp (which owns the string).
    var peer: String {
        guard let connection else { return "unknown" }
        var address: UnsafeMutablePointer<CChar>?
        var port: UInt16 = 0
        evhttp_connection_get_peer(connection, &address, &port)
        return address.map { String(cString: $0) } ?? "unknown"
    }

    fileprivate func bytesAdded(to buffer: OpaquePointer) {
        if buffer == input?.buffer { requestBegan() } else { refusalBegan() }
    }

    private func requestBegan() {
        if requestStartedAt == nil { requestStartedAt = owner.tick }
        setWatching(input, false)
        setWatching(output, true)
        checkMethod()
    }

    /// Looks at the method token at the start of the input once it is complete (watching the input until then),
    /// and replaces an extension method there.
    private func checkMethod() {
        guard !methodChecked, let buffer = input?.buffer, evbuffer_get_length(buffer) > 0 else { return }
        let watching = watchingInput
        // The replacement adds bytes to the input: not a request's start.
        setWatching(input, false)
        let inspection = ExtensionMethod.inspect(buffer)
        if case .replaced(let name) = inspection { extensionMethod = name }
        methodChecked = inspection != .incomplete
        setWatching(input, watching || !methodChecked)
    }

    private func refusalBegan() {
        setWatching(output, false)
        setWatching(input, true)
        guard let buffer = output?.buffer else { return }
        requestStartedAt = nil
        owner.refused(self, status: Self.status(in: buffer))
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

/// libevent calls this on the loop's thread when a watched buffer of a connection changes: bytes into the input
/// buffer start a request, bytes into the output buffer start evhttp's refusal of it.
private func watchedBufferGrew(
    _ buffer: OpaquePointer?,
    _ info: UnsafePointer<evbuffer_cb_info>?,
    _ context: UnsafeMutableRawPointer?
) {
    guard let buffer, let info, info.pointee.n_added > 0, let context else { return }
    Unmanaged<ConnectionRecord>.fromOpaque(context).takeUnretainedValue().bytesAdded(to: buffer)
}
