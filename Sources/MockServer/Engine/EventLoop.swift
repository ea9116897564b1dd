import CLibevent
import Foundation
import StandInSupport

/// One libevent event base with an HTTP server on it, run by one thread: its own (`start`) or the caller's (`run`).
///
/// Ownership: the loop owns `base`, `http` and `wakeEvent`, creates them in `init` and frees them in `deinit`
/// (`http` before `base`, as libevent requires). The listener is owned by `http` once bound and is freed with it.
/// Armed timers are owned by `armedTimers`; those still armed when the loop stops are cancelled before it exits, and
/// so are the signal and descriptor watches.
///
/// Threads: `init`, `bind` and setting `handler` run on the creating thread before `start` or `run`; from then until
/// the loop exits, only the loop's own thread touches libevent, the handler and the timers, except `execute`,
/// which any thread may call: it queues the task under a lock and wakes the loop with `event_active` (safe because
/// `evthread_use_pthreads` ran first).
final class EventLoop: @unchecked Sendable {
    private let base: OpaquePointer
    private let http: OpaquePointer
    private var wakeEvent: OpaquePointer?
    private let tasks = Locked<[@Sendable () -> Void]>([])
    private let finished = DispatchSemaphore(value: 0)
    private var armedTimers: [ObjectIdentifier: LoopTimer] = [:]
    private let maxHeaderBytes: Int
    /// The loop's connections: limit, read timeout, close notices.
    private(set) var connections: ConnectionGuard!
    /// Signal and descriptor watches (`onSignals`, `onReadable`); freed when the loop stops.
    private var watches: [AnyObject] = []
    /// Answers the loop's requests; set before `start`.
    var handler: (any HTTPHandler)?
    /// The `Date` header of the loop's replies.
    private let replyDate = ReplyDate()

    /// Creates the event base and HTTP server; requests go to `handler` on the loop's thread.
    /// `loops` is how many loops share the server's limits.
    init(limits: ServerLimits, loops: Int) throws(ServerError) {
        _ = LibeventRuntime.prepared
        if let free = DescriptorBudget.free(), free < DescriptorBudget.perLoop {
            throw .outOfDescriptors(limit: DescriptorBudget.limit)
        }
        // Precise timers (timerfd on Linux): a delay is kept to the microsecond. With libevent's default coarse clock,
        // delays run up to a millisecond long, and many delayed requests finishing together wait longer still
        // (Benchmarks/delay-overhead.sh measures it); the price is a little static throughput
        // (Benchmarks/serve-vs-reference.sh).
        //
        // The epoll changelist: evhttp turns a connection's read and write interest off and on several times per
        // request, and without the changelist each change is an epoll_ctl(2) of its own; with it, libevent applies
        // only the net change once per turn of the loop, which saves CPU on every static request. libevent warns that
        // the changelist misreads a socket whose descriptor was duplicated (dup) while registered; the one place
        // that duplicates a socket (`DeferredRequest.resetSocket`) frees the connection in the same turn.
        let config = event_config_new()
        event_config_set_flag(
            config,
            Int32(EVENT_BASE_FLAG_PRECISE_TIMER.rawValue | EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST.rawValue)
        )
        let created = event_base_new_with_config(config)
        event_config_free(config)
        guard let base = created else { throw .libevent("event_base_new failed") }
        guard let http = evhttp_new(base) else {
            event_base_free(base)
            throw .libevent("evhttp_new failed")
        }
        self.base = base
        self.http = http
        maxHeaderBytes = limits.maxHeaderBytes
        evhttp_set_allowed_methods(http, HTTPMethodName.allLibeventMethods)
        evhttp_set_default_content_type(http, nil)
        evhttp_set_max_headers_size(http, limits.hardHeaderBytes)
        evhttp_set_max_body_size(http, limits.maxBodyBytes)
        evhttp_set_timeout(http, Int32(limits.idleTimeoutSeconds))
        let context = Unmanaged.passUnretained(self).toOpaque()
        evhttp_set_gencb(http, requestCallback, context)
        wakeEvent = event_new(base, -1, 0, wakeCallback, context)
        connections = ConnectionGuard(loop: self, limits: limits, loops: loops)
        connections.install(on: http, base: base)
    }

    deinit {
        watches.removeAll()
        if let wakeEvent { event_free(wakeEvent) }
        connections.forgetListener()
        evhttp_free(http)
        connections.uninstall()
        event_base_free(base)
    }

    /// Listens on `host:port` (port 0 picks a free one) and returns the listening socket, which the loop's listener
    /// owns: it is closed when the loop is freed. Without SO_REUSEPORT, so that no other process can bind the port
    /// while the server holds it.
    func bind(host: String, port: Int, backlog: Int32) throws(ServerError) -> Int32 {
        let address = try SocketAddress(host: host, port: port)
        let flags = UInt32(LEV_OPT_REUSEABLE | LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC)
        let listener = address.withSockAddr { pointer, length in
            evconnlistener_new_bind(base, nil, nil, flags, backlog, pointer, length)
        }
        guard let listener else { throw .cannotListen(host: host, port: port, errorNumber: errno) }
        try serve(listener)
        return evconnlistener_get_fd(listener)
    }

    /// Accepts connections from `socket`, a listening socket that another loop of the same server bound. The loop
    /// listens on a duplicate descriptor of its own (`dup`), which its listener owns and closes when the loop is
    /// freed; the caller keeps `socket`. Each descriptor of the socket is registered with one loop's event base only,
    /// so the changelist's caveat about duplicated descriptors (see `init`) does not concern it.
    func listen(sharing socket: Int32) throws(ServerError) {
        let duplicate = dup(socket)
        guard duplicate >= 0 else {
            throw .libevent("dup of the listening socket failed: \(String(cString: strerror(errno)))")
        }
        // Backlog 0: the socket is listening already.
        let flags = UInt32(LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC)
        guard let listener = evconnlistener_new(base, nil, nil, flags, 0, duplicate) else {
            close(duplicate)
            throw .libevent("evconnlistener_new failed")
        }
        try serve(listener)
    }

    /// Hands `listener` to evhttp, which owns it from then on, and puts it under the connection guard.
    private func serve(_ listener: OpaquePointer) throws(ServerError) {
        guard evhttp_bind_listener(http, listener) != nil else {
            evconnlistener_free(listener)
            throw .libevent("evhttp_bind_listener failed")
        }
        connections.guardListener(listener)
    }

    /// Starts the loop's thread; it runs until `stop`.
    func start(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Runs the loop on the calling thread until `stop` (from another thread) or `exit` (from this one).
    func run() {
        event_base_loop(base, EVLOOP_NO_EXIT_ON_EMPTY)
        for timer in armedTimers.values { timer.cancel() }
        watches.removeAll()
        finished.signal()
    }

    /// Leaves the loop after the current callback. Loop thread only; other threads call `stop`.
    func exit() {
        event_base_loopbreak(base)
    }

    /// Runs `task` on the loop's thread, soon. Callable from any thread.
    func execute(_ task: @escaping @Sendable () -> Void) {
        tasks.withLock { $0.append(task) }
        event_active(wakeEvent, 0, 0)
    }

    /// Asks the loop to stop after the current callback, then waits until its thread has left the loop.
    func stop() {
        execute { [self] in event_base_loopbreak(base) }
        finished.wait()
    }

    /// The event base, for engine types that create events on this loop. Loop thread only.
    var eventBase: OpaquePointer { base }

    func remember(_ timer: LoopTimer) {
        armedTimers[ObjectIdentifier(timer)] = timer
    }

    func forget(_ timer: LoopTimer) {
        armedTimers[ObjectIdentifier(timer)] = nil
    }

    /// Keeps a watch (whose `deinit` frees its libevent events) until the loop stops.
    func keep(_ watch: AnyObject) {
        watches.append(watch)
    }

    fileprivate func handle(_ request: OpaquePointer) {
        guard let handler else { return }
        let delivered = evhttp_request_get_connection(request).map { connections.delivered(on: $0) }
        let incoming = ServerRequest(request, method: delivered?.extensionMethod, replyDate: replyDate)
        let (headBytes, framingFlaw) = incoming.headReview
        if let flaw = delivered?.flaw ?? framingFlaw {
            // evhttp_send_error closes the connection after the reply: what follows a flawed head is not read.
            evhttp_send_error(request, Int32(flaw.status), nil)
            handler.engineDid(.refusedFlawed(method: incoming.method, path: incoming.path, flaw: flaw))
            return
        }
        guard headBytes <= maxHeaderBytes else {
            evhttp_send_error(request, 431, "Request Header Fields Too Large")
            handler.engineDid(.refusedLargeHead(method: incoming.method, path: incoming.path, bytes: headBytes))
            return
        }
        handler.handle(incoming)
    }

    fileprivate func runPendingTasks() {
        for task in tasks.withLock({ queued in
            defer { queued.removeAll() }
            return queued
        }) { task() }
    }
}

/// libevent calls this on the loop's thread for every complete request; `context` is the unretained EventLoop,
/// which outlives its evhttp. The request stays owned by evhttp, which frees it after the reply is sent.
private func requestCallback(_ request: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let request, let context else { return }
    Unmanaged<EventLoop>.fromOpaque(context).takeUnretainedValue().handle(request)
}

/// libevent calls this on the loop's thread after `event_active` on the wake-up event.
private func wakeCallback(_ fd: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<EventLoop>.fromOpaque(context).takeUnretainedValue().runPendingTasks()
}
