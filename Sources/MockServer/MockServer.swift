import Foundation
import Logging
import StandInEngine
import StandInFixtures
import StandInSupport

/// A StandIn server: loads the fixtures of a mocks directory and answers HTTP requests from them.
///
/// ```swift
/// let server = try MockServer(configuration: .init(mocksDirectory: mocks, port: 0), logger: logger)
/// try server.start()
/// // … call http://127.0.0.1:\(server.port) …
/// server.stop()
/// ```
public final class MockServer: Sendable {
    /// The configuration it was created with.
    public let configuration: MockServerConfiguration
    /// What loading the mocks directory at start produced, diagnostics included.
    public let loaded: FixtureLoadResult
    private let http: HTTPServer
    private let context: ServerContext
    /// The proxy's port, once opened (`openProxy`).
    private let openedProxyPort = Locked<Int?>(nil)
    private let recording: RecordingSession?

    /// Loads the fixtures. Throws when the directory cannot be read, or, with `strict`, when any file is broken.
    public init(configuration: MockServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        // Armed before the load: an edit made while the fixtures load, or before the loop watches, is reloaded too.
        let watcher =
            configuration.watch
            ? MocksWatcher(directory: configuration.mocksDirectory, every: configuration.watchInterval) : nil
        let store = try FixtureStore(loader: FixtureLoader(directory: configuration.mocksDirectory))
        loaded = store.initialLoad
        for diagnostic in loaded.diagnostics { logger.report(diagnostic) }
        if configuration.strict, !loaded.diagnostics.isEmpty {
            throw MockServerError.brokenFixtures(loaded.diagnostics)
        }
        for (endpoint, name) in configuration.simulation.variants.sorted(by: { $0.key < $1.key }) {
            if let problem = VariantCheck.problem(endpoint: endpoint, variant: name, fixtures: loaded.endpointFixtures)
            {
                throw MockServerError.unknownVariant(problem)
            }
        }
        if let network = configuration.simulation.network {
            do {
                _ = try loaded.config.networks.profile(named: network)
            } catch {
                throw MockServerError.unknownNetwork(error.reason)
            }
        }
        let fallback = configuration.fallbackUpstream.map {
            Upstream(url: $0, timeout: .seconds(30), maxHold: configuration.simulation.maxHold)
        }
        let context = ServerContext(
            store: store,
            simulation: Simulation(settings: configuration.simulation),
            journal: configuration.journalSize > 0
                ? Journal(
                    capacity: configuration.journalSize,
                    byteLimit: configuration.journalBytes,
                    feed: JournalFeed(
                        maxStreams: configuration.maxEventStreams,
                        liveEventsPerSecond: configuration.liveEventsPerSecond,
                        idleTimeoutSeconds: configuration.limits.idleTimeoutSeconds
                    )
                ) : nil,
            accessLog: configuration.accessLog ? AccessLog() : nil,
            access: AdminAccess(token: configuration.adminToken, listenHost: configuration.host),
            logger: logger,
            sessionHost: configuration.host,
            sessionFallback: fallback,
            localCA: configuration.tls?.localCA,
            maxSessions: configuration.maxSessions,
            sessionClock: configuration.sessionClock,
            limits: configuration.limits,
            contract: configuration.contract,
            proxy: try configuration.proxy.map { settings throws(ServerError) in
                try ServedProxy(settings, serverHost: configuration.host, adminToken: configuration.adminToken)
            }
        )
        self.context = context
        let recording = configuration.recording.map { recording in
            RecordingSession(
                recording,
                mocksDirectory: configuration.mocksDirectory,
                envelope: store.initialLoad.config.envelope,
                maxHold: configuration.simulation.maxHold,
                logger: logger
            )
        }
        self.recording = recording
        let tls = try configuration.tls.map { settings throws(ServerError) in
            HTTPServer.TLSPort(port: settings.port, context: try settings.makeContext(listeningOn: configuration.host))
        }
        http = HTTPServer(
            host: configuration.host,
            port: configuration.port,
            tls: tls,
            loops: configuration.threads,
            limits: configuration.limits,
            makeHandler: { loop in
                guard let recording else { return MockResponder(context: context, loop: loop, fallback: fallback) }
                return RecordingResponder(session: recording, context: context, loop: loop)
            },
            chores: { loop in
                watcher?.start(context: context, on: loop)
                if let accessLog = context.accessLog { accessLog.flushPeriodically(on: loop) }
                loop.every(.seconds(1)) { context.sessions.endExpired() }
            }
        )
    }

    /// In record mode, what the run has written so far; nil when serving.
    public func recordingSummary() async -> RecordingSummary? {
        await recording?.recorder.summary
    }

    /// Starts listening and serving on threads of the server's own, and watching the mocks directory unless `watch`
    /// is off. Throws when the address cannot be listened on.
    public func start() throws {
        try http.start()
        do {
            try openProxy()
        } catch {
            http.stop()
            throw error
        }
    }

    /// With a proxy (`MockServerConfiguration.proxy`), opens its ports (`ProxyPorts`).
    private func openProxy() throws(ServerError) {
        guard let served = context.proxy, let settings = configuration.proxy else { return }
        let ports = try ProxyPorts(
            on: http,
            number: settings.port,
            served: served,
            context: context,
            recording: recording
        )
        openedProxyPort.withLock { $0 = ports.port }
    }

    /// The proxy's port (`MockServerConfiguration.proxy`), once started; 0 without one.
    public var proxyPort: Int { openedProxyPort.withLock { $0 ?? 0 } }

    /// Listens, calls `listening` with the bound port, then serves on the calling thread (and `threads - 1` more)
    /// until the process receives SIGINT or SIGTERM, or `stop` is called. With one thread the process runs no other
    /// thread, which makes every socket call cheaper on Linux. Returns the signal's name, or nil after `stop`.
    public func run(listening: (_ port: Int) -> Void = { _ in }) throws -> String? {
        let signal = try http.run(stoppingOn: [SIGINT, SIGTERM]) { () throws(ServerError) in
            try openProxy()
            listening(http.port)
        }
        context.sessions.endAll()
        context.accessLog?.flush()
        return signal.map { $0 == SIGINT ? "SIGINT" : "SIGTERM" }
    }

    /// The port the server listens on, once started.
    public var port: Int { http.port }

    /// The HTTPS port (`MockServerConfiguration.tls`), once started; 0 without one.
    public var tlsPort: Int { http.tlsPort }

    /// The connections and deferred requests (delayed, faulted, streamed or proxied answers) the server holds now:
    /// for tests that check that clients who left cost nothing. Call while the server runs.
    package func held() async -> (connections: Int, deferredRequests: Int) { await http.held() }

    /// Stops watching and serving, and waits until every loop has stopped; the access log is flushed. Sessions end
    /// and their ports close.
    public func stop() {
        http.stop()
        context.sessions.endAll()
        context.accessLog?.flush()
    }
}

/// Why a mock server refused to start.
public enum MockServerError: Error, CustomStringConvertible {
    /// `strict` loading found broken fixture files.
    case brokenFixtures([Diagnostic])
    /// A start-up variant names an endpoint or variant that no fixture has.
    case unknownVariant(String)
    /// The start-up network is neither a preset nor one of `standin.json`.
    case unknownNetwork(String)

    public var description: String {
        switch self {
        case .brokenFixtures(let diagnostics):
            "\(diagnostics.count) problem(s) in the fixture files (each logged as file:line: reason), and --strict is set"
        case .unknownVariant(let problem):
            "--variant: \(problem)"
        case .unknownNetwork(let problem):
            "--network: \(problem)"
        }
    }
}
