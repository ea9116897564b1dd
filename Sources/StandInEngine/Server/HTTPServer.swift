import Foundation
import StandInSupport

/// An HTTP server on libevent: binds an address, runs its event loops, opens further ports on them, stops on demand.
///
/// Every port is one listening socket (`ListeningSocket`: a port another process holds is an error), and every loop
/// accepts its connections from a descriptor of that socket of its own: the kernel wakes every loop when a connection
/// arrives, and each loop accepts one connection per turn (see `ConnectionGuard`), so a burst of connections spreads
/// over the loops instead of landing on the one that woke first. `start` runs every loop on a thread of its own;
/// `run` runs the first loop on the calling thread, so a one-loop server is a one-thread process (Linux makes
/// every file-descriptor lookup of a multi-threaded process take an atomic reference, a few percent per request).
package final class HTTPServer: Sendable {
    private enum State {
        case idle
        case running([EventLoop])
        case stopped
    }

    /// A port that speaks HTTPS beside the server's own: the same handlers, over TLS.
    package struct TLSPort: Sendable {
        /// The port asked for; 0 for a free one.
        package var port: Int
        /// What its handshakes say.
        package var context: TLSContext

        package init(port: Int, context: TLSContext) {
            self.port = port
            self.context = context
        }
    }

    private let host: String
    private let requestedPort: Int
    private let tls: TLSPort?
    private let loopCount: Int
    private let limits: ServerLimits
    private let makeHandler: @Sendable (EventLoop) -> any HTTPHandler
    private let chores: @Sendable (EventLoop) -> Void
    private let state = Locked(State.idle)
    private let boundPort = Locked(0)
    private let boundTLSPort = Locked(0)

    /// Creates a server; `makeHandler` is called once per loop, and each handler is used only on its loop's thread.
    /// `chores` arms the server's periodic timers and watches on the first loop: it runs once, when the server binds,
    /// on the calling thread and before any loop runs (the loops' rule for setting up), so that when `start` returns or
    /// `listening` is called they are armed: a fixture edited from then on is seen. With `tls`, every loop serves that
    /// port too, with the same handler as the server's own.
    package init(
        host: String,
        port: Int,
        tls: TLSPort? = nil,
        loops: Int = 1,
        limits: ServerLimits,
        makeHandler: @escaping @Sendable (EventLoop) -> any HTTPHandler,
        chores: @escaping @Sendable (EventLoop) -> Void = { _ in }
    ) {
        self.host = host
        requestedPort = port
        self.tls = tls
        loopCount = max(1, loops)
        self.limits = limits
        self.makeHandler = makeHandler
        self.chores = chores
    }

    /// The port the server listens on (the chosen one when started with port 0); 0 before `start`.
    package var port: Int { boundPort.withLock { $0 } }

    /// Whether the server has an HTTPS port, so that `openPort(tls: true)` opens another.
    package var servesTLS: Bool { tls != nil }

    /// The HTTPS port (the chosen one when asked for port 0); 0 before `start`, and without one.
    package var tlsPort: Int { boundTLSPort.withLock { $0 } }

    /// Binds and starts every loop on its own thread. Throws when the address cannot be listened on.
    package func start() throws(ServerError) {
        for (number, loop) in try bind().enumerated() { loop.start(name: "standin-loop-\(number)") }
    }

    /// Binds, calls `listening`, then serves with the first loop on the calling thread (the others on their own
    /// threads) until one of `signals` arrives or `stop` is called. Returns the signal, or nil after `stop`. When
    /// `listening` throws, the server stops and the error is thrown.
    package func run(
        stoppingOn signals: [Int32],
        listening: () throws(ServerError) -> Void
    ) throws(ServerError) -> Int32? {
        let loops = try bind()
        for (number, loop) in loops.enumerated().dropFirst() { loop.start(name: "standin-loop-\(number)") }
        let first = loops[0]
        var received: Int32?
        first.onSignals(signals) { signal in
            received = signal
            first.exit()
        }
        StopDeadline.arm()
        do {
            try listening()
        } catch {
            stop()
            StopDeadline.disarm()
            throw error
        }
        first.run()
        stop()
        StopDeadline.disarm()
        return received
    }

    /// Creates every loop, binds the port and records the loops as running; the loops do not run yet.
    private func bind() throws(ServerError) -> [EventLoop] {
        var loops: [EventLoop] = []
        for _ in 0..<loopCount { loops.append(try EventLoop(limits: limits, loops: loopCount)) }
        let sockets = try ListeningSocket.open(
            host: host,
            port: requestedPort,
            backlog: limits.listenBacklog,
            count: loopCount
        )
        let port = SocketAddress.boundPort(of: sockets[0])
        var tlsSockets: [Int32] = []
        if let tls {
            do {
                tlsSockets = try ListeningSocket.open(
                    host: host,
                    port: tls.port,
                    backlog: limits.listenBacklog,
                    count: loopCount,
                    noDelay: true
                )
            } catch {
                for socket in sockets { close(socket) }
                throw error
            }
        }
        // Each loop takes its descriptors over (and closes one it fails to serve); the rest are closed here on failure.
        for (index, loop) in loops.enumerated() {
            loop.server = self
            let handler = makeHandler(loop)
            do {
                try loop.listen(on: sockets[index], handler: handler)
            } catch {
                for socket in sockets[(index + 1)...] + tlsSockets.dropFirst(index) { close(socket) }
                throw error
            }
            guard let tls else { continue }
            do {
                try loop.listen(on: tlsSockets[index], tls: tls.context, handler: handler)
            } catch {
                for socket in sockets[(index + 1)...] + tlsSockets[(index + 1)...] { close(socket) }
                throw error
            }
        }
        let started = state.withLock { state in
            guard case .idle = state else { return false }
            state = .running(loops)
            return true
        }
        guard started else { throw .alreadyStarted }
        boundPort.withLock { $0 = port }
        if let socket = tlsSockets.first { boundTLSPort.withLock { $0 = SocketAddress.boundPort(of: socket) } }
        chores(loops[0])
        return loops
    }

    /// Listens on a further, free port of the server's host, served by every loop of the server with handlers of the
    /// port's own: `makeHandler` is called once per loop, on the loop's thread. Callable from any thread while the
    /// server runs. The port takes connections as soon as this returns: the kernel queues them until each loop has
    /// added the port, at its next turn. A port the kernel offers for which `avoiding` is true is held while another
    /// is asked for, then let go. Throws when no port can be listened on, when the kernel offers only ports to avoid,
    /// or when the process has too few descriptors left for the port's sockets and connections (`DescriptorBudget`).
    /// With `tls`, the port speaks HTTPS with the server's TLS context (`servesTLS`).
    package func openPort(
        tls: Bool = false,
        avoiding: (Int) -> Bool = { _ in false },
        makeHandler: @escaping @Sendable (EventLoop) -> any HTTPHandler
    ) throws(ServerError) -> AdditionalPort {
        try openPort(number: 0, tls: tls ? self.tls?.context : nil, avoiding: avoiding, makeHandler: makeHandler)
    }

    /// Listens on port `number` of the server's host (a free one for 0, for which `avoiding` is as above), served
    /// like the ports above: over TLS with `tls` when given, its requests carrying their host when
    /// `carriesProxyHost` (the proxy's ports).
    package func openPort(
        number: Int,
        tls: TLSContext?,
        carriesProxyHost: Bool = false,
        avoiding: (Int) -> Bool = { _ in false },
        makeHandler: @escaping @Sendable (EventLoop) -> any HTTPHandler
    ) throws(ServerError) -> AdditionalPort {
        let loops: [EventLoop] = state.withLock { state in
            if case .running(let loops) = state { return loops }
            return []
        }
        guard !loops.isEmpty else { throw .notRunning }
        if let free = DescriptorBudget.free(), free < loops.count + DescriptorBudget.keptForConnections {
            throw .outOfDescriptors(limit: DescriptorBudget.limit)
        }
        // TLS replies and what the proxy passes on leave in pieces, which must not wait for delayed acknowledgements.
        let noDelay = tls != nil || carriesProxyHost
        let sockets =
            number == 0
            ? try freePort(count: loops.count, noDelay: noDelay, avoiding: avoiding)
            : try ListeningSocket.open(
                host: host,
                port: number,
                backlog: limits.listenBacklog,
                count: loops.count,
                noDelay: noDelay
            )
        let port = SocketAddress.boundPort(of: sockets[0])
        for (loop, socket) in zip(loops, sockets.map(HandedSocket.init)) {
            // Unowned: the loop owns its queued tasks, so this one runs only while the loop exists.
            loop.execute { [unowned loop] in
                guard let socket = socket.take() else { return }
                do throws(ServerError) {
                    try loop.listen(
                        on: socket,
                        tls: tls,
                        carriesProxyHost: carriesProxyHost,
                        handler: makeHandler(loop)
                    )
                } catch {
                    loop.mainHandler?.engineDid(.portFailed(port: port, reason: error.description))
                }
            }
        }
        return AdditionalPort(number: port, loops: loops)
    }

    /// How many ports `openPort` asks the kernel for before it gives up on finding one not to avoid.
    private static let portDraws = 16

    /// `count` descriptors of a free port of the server's host (`ListeningSocket.open`, with `noDelay`) for which
    /// `avoiding` is false. Each port offered before it stays bound while the next is asked for, so that the kernel
    /// offers another, and is let go once one is found.
    private func freePort(count: Int, noDelay: Bool, avoiding: (Int) -> Bool) throws(ServerError) -> [Int32] {
        var avoided: [Int32] = []
        defer { for socket in avoided { close(socket) } }
        while true {
            let sockets = try ListeningSocket.open(
                host: host,
                port: 0,
                backlog: limits.listenBacklog,
                count: count,
                noDelay: noDelay
            )
            guard avoiding(SocketAddress.boundPort(of: sockets[0])) else { return sockets }
            avoided += sockets
            guard avoided.count < Self.portDraws * count else {
                throw .libevent("the kernel offered \(Self.portDraws) ports in a row that were all to be avoided")
            }
        }
    }

    /// The connections and live deferred requests of all loops now, each loop's connections counted on its own
    /// thread: for tests that check that what clients left behind is gone. Call while the server runs.
    package func held() async -> (connections: Int, deferredRequests: Int) {
        let loops: [EventLoop] = state.withLock { state in
            if case .running(let loops) = state { return loops }
            return []
        }
        var connections = 0
        for loop in loops {
            connections += await withCheckedContinuation { counted in
                loop.execute { counted.resume(returning: loop.connections.count) }
            }
        }
        return (connections, loops.reduce(0) { sum, loop in sum + loop.deferredRequests.withLock { $0 } })
    }

    /// Stops every loop and waits until their threads have left them. Safe to call more than once.
    package func stop() {
        let loops: [EventLoop] = state.withLock { state in
            defer { state = .stopped }
            if case .running(let loops) = state { return loops }
            return []
        }
        for loop in loops { loop.stop() }
    }
}

/// A listening descriptor on its way to a loop (`HTTPServer.openPort`): the loop takes it over, and it is closed when
/// dropped untaken, as when its loop stopped before it ran the task that carried it.
private final class HandedSocket: Sendable {
    private let descriptor: Locked<Int32?>

    init(_ descriptor: Int32) {
        self.descriptor = Locked(descriptor)
    }

    /// The descriptor, once; nil after.
    func take() -> Int32? {
        descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
    }

    deinit {
        if let descriptor = take() { close(descriptor) }
    }
}
