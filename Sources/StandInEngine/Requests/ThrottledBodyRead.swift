import CLibevent

/// Reads one request's body at a set rate (a fixture's `readRate`, or `X-StandIn-Read-Rate`), so that a client sees
/// its upload advance over seconds: the mirror of the `slow-body` fault.
///
/// How: once a request's head has arrived (`ConnectionRecord` found its end), the loop's handler is asked for a rate;
/// with one, the connection's bufferevent gets a libevent rate limit (a token bucket refilled ten times a second), which
/// stops reading from the socket when the bucket is empty and resumes on libevent's refill timer, on the loop's
/// thread. Nothing blocks; the kernel's buffers fill and TCP makes the client wait. evhttp reads the body as usual,
/// only slower, and delivers the request when it is complete; then the limit is lifted.
///
/// Ownership: the throttle owns its token-bucket configuration and the input-buffer callback that counts the body's
/// bytes; libevent keeps pointers to both until `lift` removes them (the limit must be removed before the
/// configuration is freed). evhttp owns the bufferevent; the throttle only points at it while the connection is
/// open. Threads: the loop's thread only.
final class ThrottledBodyRead {
    /// The request's method and path, for the log.
    let method: String
    let path: String
    /// The rate, in bytes per second.
    let bytesPerSecond: Int
    /// The body's length from `Content-Length`; nil for a chunked body.
    let expectedBytes: Int?
    /// The bytes that arrived after the head, the body's so far.
    private(set) var receivedBytes = 0
    private var bufferEvent: OpaquePointer?
    private var configuration: OpaquePointer?
    private var counter: (buffer: OpaquePointer, callback: OpaquePointer)?

    private init(head: RequestHeadBytes, bytesPerSecond: Int) {
        method = head.method
        path = String(head.path)
        self.bytesPerSecond = bytesPerSecond
        expectedBytes = head.header(named: "Content-Length").flatMap { Int($0) }
    }

    /// Asks `handler` for the rate of the request whose head (`headLength` bytes) starts `input`, the connection's
    /// input buffer, and slows `bufferEvent`'s reading to it. Nil when the request has no rate (or cannot have a
    /// body: `GET` and `HEAD` are not asked about).
    static func start(
        input: OpaquePointer,
        headLength: Int,
        bufferEvent: OpaquePointer,
        handler: any HTTPHandler
    ) -> ThrottledBodyRead? {
        guard headLength > 0, let bytes = evbuffer_pullup(input, headLength) else { return nil }
        let head = RequestHeadBytes(bytes: UnsafeRawBufferPointer(start: bytes, count: headLength))
        guard !head.starts(with: "GET "), !head.starts(with: "HEAD "),
            let rate = handler.bodyReadRate(for: head)
        else { return nil }
        let throttle = ThrottledBodyRead(head: head, bytesPerSecond: rate)
        guard throttle.limit(bufferEvent, input: input, alreadyReceived: evbuffer_get_length(input) - headLength)
        else { return nil }
        return throttle
    }

    private func limit(_ bufferEvent: OpaquePointer, input: OpaquePointer, alreadyReceived: Int) -> Bool {
        // The bucket is refilled every tenth of a second with a tenth of the rate, as `slow-body` trickles.
        let perTick = max(1, bytesPerSecond / 10)
        var tick = timeval(tv_sec: 0, tv_usec: 100_000)
        // Writing stays unlimited: the largest rate libevent accepts (EV_RATE_LIMIT_MAX, a macro Swift cannot import).
        guard let configuration = ev_token_bucket_cfg_new(perTick, perTick, Int.max, Int.max, &tick) else {
            return false
        }
        guard bufferevent_set_rate_limit(bufferEvent, configuration) == 0 else {
            ev_token_bucket_cfg_free(configuration)
            return false
        }
        self.configuration = configuration
        self.bufferEvent = bufferEvent
        receivedBytes = alreadyReceived
        let context = Unmanaged.passUnretained(self).toOpaque()
        if let callback = evbuffer_add_cb(input, bodyBytesArrived, context) { counter = (input, callback) }
        return true
    }

    fileprivate func arrived(_ count: Int) {
        receivedBytes += count
    }

    /// Removes the limit and the byte counter: the request was delivered, or its connection is closing (evhttp
    /// frees the bufferevent after its close callback, which calls this).
    func lift() {
        if let counter { evbuffer_remove_cb_entry(counter.buffer, counter.callback) }
        counter = nil
        if let bufferEvent { bufferevent_set_rate_limit(bufferEvent, nil) }
        bufferEvent = nil
        if let configuration { ev_token_bucket_cfg_free(configuration) }
        configuration = nil
    }

    deinit {
        lift()
    }
}

/// libevent calls this on the loop's thread when the throttled connection's input buffer changes; `context` is the
/// unretained throttle, which removes this callback before it goes.
private func bodyBytesArrived(
    _ buffer: OpaquePointer?,
    _ info: UnsafePointer<evbuffer_cb_info>?,
    _ context: UnsafeMutableRawPointer?
) {
    guard let info, info.pointee.n_added > 0, let context else { return }
    Unmanaged<ThrottledBodyRead>.fromOpaque(context).takeUnretainedValue().arrived(info.pointee.n_added)
}
