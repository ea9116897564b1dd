import CLibevent
import Foundation
import StandInSupport

/// One libevent event base and the ports it serves, run by one thread: its own (`start`) or the caller's (`run`).
///
/// Ownership: the loop owns `base` and `wakeEvent`, creates them in `init` and frees them in `deinit`. It owns its
/// ports (`PortListener`, each an evhttp with its listener), adds them with `listen` and frees them with `closePort`,
/// when it stops running, or (a loop that never ran) in `deinit`, always before `base`, as libevent requires. Armed
/// timers are owned by `armedTimers`; those still armed when the loop stops are cancelled before it exits, and so are
/// the signal and descriptor watches.
///
/// Threads: `init` and the first `listen` run on the creating thread before `start` or `run`; from then until the
/// loop exits, only the loop's own thread touches libevent, the ports, their handlers and the timers, except
/// `execute`, which any thread may call: it queues the task under a lock and wakes the loop with `event_active`
/// (safe because `evthread_use_pthreads` ran first).
package final class EventLoop: @unchecked Sendable {
    private let base: OpaquePointer
    private var wakeEvent: OpaquePointer?
    private let tasks = Locked<[@Sendable () -> Void]>([])
    private let finished = DispatchSemaphore(value: 0)
    private var armedTimers: [ObjectIdentifier: LoopTimer] = [:]
    private let limits: ServerLimits
    /// The ports the loop serves; the server's own comes first.
    private var ports: [PortListener] = []
    /// The loop's connections: limit, read timeout, close notices.
    private(set) var connections: ConnectionGuard!
    /// Signal and descriptor watches (`onSignals`, `onReadable`); freed when the loop stops.
    private var watches: [AnyObject] = []
    /// The `Date` header of the loop's replies.
    private let replyDate = ReplyDate()
    private var dnsBase: OpaquePointer?
    /// The server whose loop this is, for opening further ports (`openPort`).
    package weak var server: HTTPServer?
    /// How many of the loop's `DeferredRequest`s are alive; any thread may read it (`HTTPServer.held`).
    let deferredRequests = Locked(0)

    /// Creates the event base; `listen` adds the ports it serves. `loops` is how many loops share the server's limits.
    package init(limits: ServerLimits, loops: Int) throws(ServerError) {
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
        // that duplicates a connection's socket (`SocketReset`) frees the connection in the same turn.
        let config = event_config_new()
        event_config_set_flag(
            config,
            Int32(EVENT_BASE_FLAG_PRECISE_TIMER.rawValue | EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST.rawValue)
        )
        let created = event_base_new_with_config(config)
        event_config_free(config)
        guard let base = created else { throw .libevent("event_base_new failed") }
        self.base = base
        self.limits = limits
        wakeEvent = event_new(base, -1, 0, wakeCallback, Unmanaged.passUnretained(self).toOpaque())
        connections = ConnectionGuard(loop: self, limits: limits, loops: loops)
        connections.install(base: base)
    }

    deinit {
        watches.removeAll()
        if let wakeEvent { event_free(wakeEvent) }
        // The ports of a loop that never ran.
        for port in ports { port.shutDown() }
        connections.uninstall()
        // 0: requests still waiting are dropped without their callbacks (their connections are gone with the ports).
        if let dnsBase { evdns_base_free(dnsBase, 0) }
        event_base_free(base)
    }

    /// The loop's asynchronous resolver (libevent's evdns, with the system's name servers and hosts file), made the
    /// first time a connection to a host name is opened (`OutboundConnection`); owned by the loop and freed with it.
    /// Loop thread only.
    var resolver: OpaquePointer? {
        if dnsBase == nil { dnsBase = evdns_base_new(base, EVDNS_BASE_INITIALIZE_NAMESERVERS) }
        return dnsBase
    }

    /// Serves the listening `socket` (a descriptor of a port's socket of its own, see `ListeningSocket`, which the
    /// loop takes over) with `handler`. Each descriptor is registered with one loop's event base only, so the
    /// changelist's caveat about duplicated descriptors (see `init`) does not concern it. Loop thread only, or the
    /// creating thread before the loop runs. With `tls`, the port speaks HTTPS.
    package func listen(
        on socket: Int32,
        tls: TLSContext? = nil,
        carriesProxyHost: Bool = false,
        handler: any HTTPHandler
    ) throws(ServerError) {
        ports.append(
            try PortListener(
                socket: socket,
                loop: self,
                limits: limits,
                tls: tls,
                carriesProxyHost: carriesProxyHost,
                handler: handler
            )
        )
    }

    /// Stops serving `port`: closes its connections and its descriptor. Loop thread only.
    func closePort(_ port: Int) {
        guard let index = ports.firstIndex(where: { $0.number == port }) else { return }
        ports.remove(at: index).shutDown()
    }

    /// The handler of the server's own port, which hears what the loop does for all of its ports.
    var mainHandler: (any HTTPHandler)? { ports.first?.handler }

    /// Starts the loop's thread; it runs until `stop`.
    package func start(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Runs the loop on the calling thread until `stop` (from another thread) or `exit` (from this one), then shuts
    /// its ports down on this thread (their connections' close notices run here, while the loop still exists).
    package func run() {
        event_base_loop(base, EVLOOP_NO_EXIT_ON_EMPTY)
        for port in ports { port.shutDown() }
        ports.removeAll()
        for timer in armedTimers.values { timer.cancel() }
        watches.removeAll()
        finished.signal()
    }

    /// Leaves the loop after the current callback. Loop thread only; other threads call `stop`.
    package func exit() {
        event_base_loopbreak(base)
    }

    /// Runs `task` on the loop's thread, soon. Callable from any thread.
    func execute(_ task: @escaping @Sendable () -> Void) {
        tasks.withLock { $0.append(task) }
        event_active(wakeEvent, 0, 0)
    }

    /// Asks the loop to stop after the current callback, then waits until its thread has left the loop.
    package func stop() {
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
    package func keep(_ watch: AnyObject) {
        watches.append(watch)
    }

    /// Hands a complete request of `port` to its handler, or refuses it when its head is flawed or too large.
    func deliver(_ request: OpaquePointer, to port: PortListener) {
        let delivered = evhttp_request_get_connection(request).map { connections.delivered(on: $0, port: port) }
        let incoming = ServerRequest(
            request,
            method: delivered?.extensionMethod,
            replyDate: replyDate,
            tls: port.tls != nil,
            carriesProxyHost: port.carriesProxyHost
        )
        let (headBytes, framingFlaw) = incoming.headReview
        if let flaw = delivered?.flaw ?? framingFlaw {
            // evhttp_send_error closes the connection after the reply: what follows a flawed head is not read.
            evhttp_send_error(request, Int32(flaw.status), nil)
            port.handler.engineDid(.refusedFlawed(method: incoming.method, path: incoming.path, flaw: flaw))
            return
        }
        guard headBytes <= limits.maxHeaderBytes else {
            evhttp_send_error(request, 431, "Request Header Fields Too Large")
            port.handler.engineDid(.refusedLargeHead(method: incoming.method, path: incoming.path, bytes: headBytes))
            return
        }
        port.handler.handle(incoming)
    }

    fileprivate func runPendingTasks() {
        for task in tasks.withLock({ queued in
            defer { queued.removeAll() }
            return queued
        }) { task() }
    }
}

/// libevent calls this on the loop's thread after `event_active` on the wake-up event.
private func wakeCallback(_ fd: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<EventLoop>.fromOpaque(context).takeUnretainedValue().runPendingTasks()
}
