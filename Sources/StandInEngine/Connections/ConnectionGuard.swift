import CLibevent
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches one loop's connections, on all the ports it serves: holds them to the connection limit, closes those whose
/// request takes longer than the read timeout to arrive (slowloris), pauses accepting when accept() fails, and tells
/// deferred requests when their connection closes. When several loops share a port's listening socket, it takes one
/// connection per turn of the loop from that port: libevent's listener otherwise accepts until the kernel's queue is
/// empty, and a burst of connections would all go to the loop that woke first.
///
/// How it sees connections: evhttp's only hook for an accepted connection is the bufferevent factory
/// (`evhttp_set_bevcb`). `accepted()` makes each connection's bufferevent, watches its buffers and queues a record;
/// later in the same turn of the loop, before any event of the new connection can run, `registerAccepted` finds
/// the evhttp connection (the bufferevent's callback argument, which evhttp has set to it) and installs the close
/// callback that ends the record.
///
/// Ownership: the guard owns its records and the sweep and register events. evhttp owns each bufferevent from the
/// accept on; the guard holds one extra reference to it (`bufferevent_incref`) until `registerAccepted`, so that a
/// connection evhttp gives up on at once (out of memory) leaves a bufferevent that is still safe to look at (with its
/// callbacks cleared). Ports (and their listeners) belong to the loop; the guard points at them unretained from
/// `guardPort` to `forgetPort`. Threads: the loop's thread only.
final class ConnectionGuard {
    /// Seconds since the loop started, advanced by the once-a-second sweep.
    private(set) var tick = 0
    private let limits: ServerLimits
    private let connectionLimit: Int
    private unowned let loop: EventLoop
    private var pending: [(bufferEvent: OpaquePointer, record: ConnectionRecord)] = []
    private var open: [OpaquePointer: ConnectionRecord] = [:]
    /// The record of the last delivered request's connection, one of `open`: a keep-alive connection's next request
    /// finds it without hashing. Cleared whenever its record leaves `open`.
    private var lastDelivered: ConnectionRecord?
    /// The ports whose listeners the guard pauses and resumes.
    private var ports: [PortListener] = []
    private var atLimit = false
    /// Whether the listeners are shared with other loops, and so pause after each accept until the turn's end.
    private let acceptsOnePerTurn: Bool
    /// The ports paused after an accept this turn.
    private var pausedForTurn: [PortListener] = []
    private var registerEvent: OpaquePointer?
    private var sweepEvent: OpaquePointer?

    /// How many connections the guard holds, accepted or open. Loop thread only.
    var count: Int { pending.count + open.count }

    /// `loops` is how many loops share the server's connection limit.
    init(loop: EventLoop, limits: ServerLimits, loops: Int) {
        self.loop = loop
        self.limits = limits
        connectionLimit = max(1, (limits.maxConnections + loops - 1) / loops)
        acceptsOnePerTurn = loops > 1
    }

    /// Creates the guard's events on `base`. Call once, on the creating thread, before the loop runs.
    func install(base: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        registerEvent = event_new(base, -1, 0, registerCallback, context)
        sweepEvent = event_new(base, -1, Int16(EV_PERSIST), sweepCallback, context)
        var second = timeval(tv_sec: 1, tv_usec: 0)
        event_add(sweepEvent, &second)
    }

    /// Frees the guard's events. The loop calls it in `deinit`, after its ports (and with them every connection) are
    /// gone.
    func uninstall() {
        if let registerEvent { event_free(registerEvent) }
        if let sweepEvent { event_free(sweepEvent) }
        registerEvent = nil
        sweepEvent = nil
        for (bufferEvent, _) in pending { bufferevent_decref(bufferEvent) }
        pending.removeAll()
        open.removeAll()
        lastDelivered = nil
    }

    fileprivate static func key(_ listener: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(listener)))
    }

    /// Guards the connections of `port`, whose evhttp is `http`: sees each one accepted, watches the listener for
    /// accept() failures, and pauses it at the connection limit.
    func guardPort(_ port: PortListener, http: OpaquePointer) {
        guard let listener = port.listener else { return }
        ports.append(port)
        evhttp_set_bevcb(http, connectionAccepted, Unmanaged.passUnretained(port).toOpaque())
        let portAddress = UInt(bitPattern: Unmanaged.passUnretained(port).toOpaque())
        portsByListener.withLock { $0[Self.key(listener)] = portAddress }
        evconnlistener_set_error_cb(listener, acceptFailedCallback)
        if atLimit { evconnlistener_disable(listener) }
    }

    /// Stops guarding `port`. Its port calls it before freeing its evhttp (and with it the listener, whose address a
    /// new listener may then reuse).
    func forgetPort(_ port: PortListener) {
        if let listener = port.listener { portsByListener.withLock { $0[Self.key(listener)] = nil } }
        ports.removeAll { $0 === port }
        pausedForTurn.removeAll { $0 === port }
    }

    /// Drops the records of `port`'s connections that evhttp freed without calling their close callback. Its port
    /// calls it after freeing its evhttp.
    func portShutDown(_ port: PortListener) {
        open = open.filter { $0.value.port !== port }
        if lastDelivered?.port === port { lastDelivered = nil }
    }

    /// The record of a delivered request's connection (`delivered` registered it, if the accept-time registration
    /// missed it); nil once the connection has closed.
    func record(for connection: OpaquePointer) -> ConnectionRecord? {
        open[connection]
    }

    /// A request of `port` reached the handler: it is no longer arriving. Returns the flaw its raw head had, if any,
    /// and its extension method, if evhttp saw it as `POST`. Registers the connection now if the accept-time
    /// registration missed it.
    func delivered(on connection: OpaquePointer, port: PortListener) -> (flaw: RequestFlaw?, extensionMethod: String?) {
        if let record = lastDelivered, record.connection == connection { return record.requestDelivered() }
        let record: ConnectionRecord
        if let known = open[connection] {
            record = known
        } else {
            record = ConnectionRecord(owner: self, port: port)
            register(record, connection: connection)
        }
        lastDelivered = record
        return record.requestDelivered()
    }

    fileprivate func accepted(base: OpaquePointer, port: PortListener) -> OpaquePointer? {
        guard let bufferEvent = Self.makeBufferEvent(base: base, tls: port.tls) else { return nil }
        let record = ConnectionRecord(owner: self, port: port)
        if port.tls != nil { record.handshakeStartedAt = tick }
        record.watch(bufferEvent)
        bufferevent_incref(bufferEvent)
        pending.append((bufferEvent, record))
        event_active(registerEvent, 0, 0)
        if !atLimit, pending.count + open.count >= connectionLimit {
            atLimit = true
            Self.setAccepting(false, on: ports)
            port.handler.engineDid(.connectionLimitReached(limit: connectionLimit))
        } else if acceptsOnePerTurn, !atLimit, let listener = port.listener {
            // The listener checks after each accept whether it is still enabled; `registerAccepted`, later in this
            // turn, enables it again.
            pausedForTurn.append(port)
            evconnlistener_disable(listener)
        }
        return bufferEvent
    }

    /// A new connection's bufferevent: a socket one for plain HTTP; for TLS, one that runs the server's side of the
    /// handshake once evhttp gives it the socket and owns its `SSL` (`BEV_OPT_CLOSE_ON_FREE` frees it with the
    /// bufferevent; evhttp then leaves the socket to the bufferevent to close).
    private static func makeBufferEvent(base: OpaquePointer, tls: TLSContext?) -> OpaquePointer? {
        guard let tls else { return bufferevent_socket_new(base, -1, 0) }
        guard let ssl = tls.makeConnection() else { return nil }
        let options = Int32(BEV_OPT_CLOSE_ON_FREE.rawValue)
        guard let bufferEvent = bufferevent_openssl_socket_new(base, -1, ssl, BUFFEREVENT_SSL_ACCEPTING, options) else {
            SSL_free(ssl)
            return nil
        }
        return bufferEvent
    }

    fileprivate func registerAccepted() {
        let accepted = pending
        pending.removeAll()
        let paused = pausedForTurn
        pausedForTurn.removeAll()
        if !atLimit {
            Self.setAccepting(true, on: paused)
        }
        for (bufferEvent, record) in accepted {
            var argument: UnsafeMutableRawPointer?
            bufferevent_getcb(bufferEvent, nil, nil, nil, &argument)
            bufferevent_decref(bufferEvent)
            if let argument { register(record, connection: OpaquePointer(argument)) }
        }
    }

    private func register(_ record: ConnectionRecord, connection: OpaquePointer) {
        record.connection = connection
        open[connection] = record
        evhttp_connection_set_closecb(connection, connectionClosed, Unmanaged.passUnretained(record).toOpaque())
    }

    fileprivate func closed(_ record: ConnectionRecord) {
        guard let connection = record.connection else { return }
        open[connection] = nil
        if lastDelivered === record { lastDelivered = nil }
        if let throttle = record.endThrottle() {
            record.port.handler.engineDid(
                .slowReadCut(
                    method: throttle.method,
                    path: throttle.path,
                    peer: record.peer,
                    receivedBytes: throttle.receivedBytes,
                    expectedBytes: throttle.expectedBytes
                )
            )
        }
        let onClose = record.onClose
        record.onClose = nil
        onClose?()
        if atLimit, pending.count + open.count < connectionLimit {
            atLimit = false
            Self.setAccepting(true, on: ports)
        }
    }

    private static func setAccepting(_ accepting: Bool, on ports: [PortListener]) {
        for listener in ports.compactMap(\.listener) {
            if accepting { evconnlistener_enable(listener) } else { evconnlistener_disable(listener) }
        }
    }

    /// evhttp answered a request itself (a refusal): tell the handler, for the log.
    func refused(_ record: ConnectionRecord, status: Int) {
        record.port.handler.engineDid(.refusedMalformed(status: status, peer: record.peer))
    }

    /// Advances the clock and closes connections whose request (a TLS connection's first: with its handshake) has
    /// been arriving for longer than the read timeout. A request the handler holds (a delay) is not arriving:
    /// `delivered` cleared its start.
    fileprivate func sweep() {
        tick += 1
        let late = open.values.filter { record in
            (record.requestStartedAt ?? record.handshakeStartedAt).map { tick - $0 > limits.readTimeoutSeconds }
                ?? false
        }
        for record in late {
            guard let connection = record.connection else { continue }
            record.port.handler.engineDid(.readTimedOut(peer: record.peer, seconds: limits.readTimeoutSeconds))
            evhttp_connection_free(connection)
        }
    }

    fileprivate func acceptFailed(on port: PortListener) {
        guard let listener = port.listener else { return }
        port.handler.engineDid(.acceptFailed(reason: String(cString: strerror(errno))))
        evconnlistener_disable(listener)
        loop.schedule(after: .milliseconds(100)) { [self, weak port] in
            guard let port, ports.contains(where: { $0 === port }), !atLimit, let listener = port.listener else {
                return
            }
            evconnlistener_enable(listener)
        }
    }
}

/// evhttp calls this on the loop's thread for each accepted connection, to make its bufferevent (evhttp owns it
/// from then on); `context` is the unretained port, which outlives its evhttp.
private func connectionAccepted(_ base: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> OpaquePointer? {
    guard let base, let context else { return nil }
    let port = Unmanaged<PortListener>.fromOpaque(context).takeUnretainedValue()
    return port.connections.accepted(base: base, port: port)
}

/// libevent calls this on the loop's thread, in the turn in which connections were accepted.
private func registerCallback(_ fd: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ConnectionGuard>.fromOpaque(context).takeUnretainedValue().registerAccepted()
}

/// libevent calls this on the loop's thread once a second.
private func sweepCallback(_ fd: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ConnectionGuard>.fromOpaque(context).takeUnretainedValue().sweep()
}

/// evhttp calls this on the loop's thread when a connection closes, just before freeing it; `context` is the
/// unretained record, which the guard keeps until now.
private func connectionClosed(_ connection: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let record = Unmanaged<ConnectionRecord>.fromOpaque(context).takeUnretainedValue()
    record.owner.closed(record)
}

/// The port of each guarded listener, by the listener's address: the error callback's argument is evhttp's own
/// (the listener's user data), so this is how it finds its port. Ports are unretained; each removes its entry
/// before its listener is freed.
private let portsByListener = Locked<[UInt: UInt]>([:])

/// libevent calls this on the loop's thread when accept() fails for a reason other than a retry.
private func acceptFailedCallback(_ listener: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let listener,
        let address = portsByListener.withLock({ $0[ConnectionGuard.key(listener)] }),
        let portPointer = UnsafeMutableRawPointer(bitPattern: address)
    else { return }
    let port = Unmanaged<PortListener>.fromOpaque(portPointer).takeUnretainedValue()
    port.connections.acceptFailed(on: port)
}
