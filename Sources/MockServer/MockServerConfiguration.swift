import Foundation
import StandInEngine
import StandInFixtures

/// How a mock server is set up: where fixtures are, where it listens, what it logs.
public struct MockServerConfiguration: Sendable {
    /// The mocks directory.
    public var mocksDirectory: URL
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 picks a free one (read it from `MockServer.port`).
    public var port: Int
    /// An HTTPS port to serve as well; nil serves plain HTTP only.
    public var tls: TLSSettings?
    /// How many event loops serve, each on its own thread with its own listening socket on the port.
    public var threads: Int
    /// Refuse to start when any fixture file is broken, instead of serving the valid ones.
    public var strict: Bool
    /// Print one access-log line per request.
    public var accessLog: Bool
    /// Bounds on request size and idle time.
    public var limits: ServerLimits
    /// Server-wide delay, start-up variants, random failures and their seed.
    public var simulation: SimulationSettings
    /// The bearer token the admin API requires from every caller; nil lets loopback clients in without one.
    public var adminToken: String?
    /// How many requests the journal keeps (the oldest go first); 0 turns the journal off.
    public var journalSize: Int
    /// How many bytes the journal's entries may hold, heads and bodies (the oldest go first).
    public var journalBytes: Int
    /// Reload the mocks directory when its files change.
    public var watch: Bool
    /// How often the watcher compares the files' modification times and sizes where it polls (on Linux, inotify
    /// notifies it of changes instead).
    public var watchInterval: Duration
    /// Record mode: proxy to a backend and write what it answers as fixtures; nil serves the fixtures.
    public var recording: RecordingConfiguration?
    /// The real backend that answers, unrecorded, the requests no fixture matches (each call may take 30 s before
    /// the client gets 504); nil answers them 404.
    public var fallbackUpstream: URL?
    /// The most dashboard event streams (`GET /__standin/events`) open at once; one more gets 429.
    public var maxEventStreams = JournalFeed.defaultMaxStreams
    /// The most requests a second the dashboard shows live; the rest are counted in `skipped` events. Tests lower
    /// it to make a burst exceed it on any machine.
    var liveEventsPerSecond = JournalFeed.defaultLiveEventsPerSecond
    /// The spec requests and answers are held to (`serve --spec`); nil holds them to none.
    public var contract: ServedContract?
    /// A forward-proxy port (`serve --proxy-port`) that answers intercepted hosts from the fixtures; nil for none.
    public var proxy: ProxySettings?
    /// The most sessions (`POST /__standin/sessions`) alive at once; one more gets 429.
    public var maxSessions = MockServerConfiguration.defaultMaxSessions
    /// What sessions count their time to live with; tests move it on instead of waiting.
    package var sessionClock = SessionClock.system

    /// The default of `maxSessions`.
    public static let defaultMaxSessions = 256

    /// Creates a configuration; defaults are `./Mocks`, `127.0.0.1:8080`, one thread (`standin serve` defaults to
    /// one per core), lenient loading, access log on, admin API for loopback clients, a journal of 10,000 requests
    /// and 64 MiB, watching the directory (polled every 250 ms where inotify is missing), no HTTPS port, and serving
    /// (not recording).
    public init(
        mocksDirectory: URL = URL(fileURLWithPath: "Mocks"),
        host: String = "127.0.0.1",
        port: Int = 8080,
        tls: TLSSettings? = nil,
        threads: Int = 1,
        strict: Bool = false,
        accessLog: Bool = true,
        limits: ServerLimits = ServerLimits(),
        simulation: SimulationSettings = SimulationSettings(),
        adminToken: String? = nil,
        journalSize: Int = 10_000,
        journalBytes: Int = 64 * 1024 * 1024,
        watch: Bool = true,
        watchInterval: Duration = .milliseconds(250),
        recording: RecordingConfiguration? = nil,
        fallbackUpstream: URL? = nil
    ) {
        self.mocksDirectory = mocksDirectory
        self.host = host
        self.port = port
        self.tls = tls
        self.threads = threads
        self.strict = strict
        self.accessLog = accessLog
        self.limits = limits
        self.simulation = simulation
        self.adminToken = adminToken
        self.journalSize = journalSize
        self.journalBytes = journalBytes
        self.watch = watch
        self.watchInterval = watchInterval
        self.recording = recording
        self.fallbackUpstream = fallbackUpstream
    }
}
