/// An HTTP server on libevent: binds an address, runs its event loops on their own threads, stops on demand.
///
/// Each loop has its own event base and listening socket; with more than one loop they share the port through
/// SO_REUSEPORT and the kernel spreads connections across them.
final class HTTPServer: Sendable {
    private enum State {
        case idle
        case running([EventLoop])
        case stopped
    }

    private let host: String
    private let requestedPort: Int
    private let loopCount: Int
    private let limits: ServerLimits
    private let makeHandler: @Sendable (EventLoop) -> any HTTPHandler
    private let state = Locked(State.idle)
    private let boundPort = Locked(0)

    /// Creates a server; `makeHandler` is called once per loop, and each handler is used only on its loop's thread.
    init(
        host: String,
        port: Int,
        loops: Int = 1,
        limits: ServerLimits,
        makeHandler: @escaping @Sendable (EventLoop) -> any HTTPHandler
    ) {
        self.host = host
        requestedPort = port
        loopCount = max(1, loops)
        self.limits = limits
        self.makeHandler = makeHandler
    }

    /// The port the server listens on (the chosen one when started with port 0); 0 before `start`.
    var port: Int { boundPort.withLock { $0 } }

    /// Binds and starts every loop. Throws when the address cannot be listened on.
    func start() throws(ServerError) {
        var loops: [EventLoop] = []
        var port = requestedPort
        for _ in 0..<loopCount {
            let loop = try EventLoop(limits: limits, loops: loopCount)
            loop.handler = makeHandler(loop)
            port = try loop.bind(host: host, port: port, backlog: limits.listenBacklog, reusePort: loopCount > 1)
            loops.append(loop)
        }
        let started = state.withLock { state in
            guard case .idle = state else { return false }
            state = .running(loops)
            return true
        }
        guard started else { throw .libevent("the server was already started") }
        boundPort.withLock { $0 = port }
        for (number, loop) in loops.enumerated() { loop.start(name: "standin-loop-\(number)") }
    }

    /// Stops every loop and waits until their threads have left them. Safe to call more than once.
    func stop() {
        let loops: [EventLoop] = state.withLock { state in
            defer { state = .stopped }
            if case .running(let loops) = state { return loops }
            return []
        }
        for loop in loops { loop.stop() }
    }
}
