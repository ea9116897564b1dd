import Foundation

/// How a mock server is set up: where fixtures are, where it listens, what it logs.
public struct MockServerConfiguration: Sendable {
    /// The mocks directory.
    public var mocksDirectory: URL
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 picks a free one (read it from `MockServer.port`).
    public var port: Int
    /// Refuse to start when any fixture file is broken, instead of serving the valid ones.
    public var strict: Bool
    /// Print one access-log line per request.
    public var accessLog: Bool
    /// Bounds on request size and idle time.
    public var limits: ServerLimits
    /// Server-wide delay, start-up variants, random failures and their seed.
    public var simulation: SimulationSettings

    /// Creates a configuration; defaults are `./Mocks`, `127.0.0.1:8080`, lenient loading, access log on.
    public init(
        mocksDirectory: URL = URL(fileURLWithPath: "Mocks"),
        host: String = "127.0.0.1",
        port: Int = 8080,
        strict: Bool = false,
        accessLog: Bool = true,
        limits: ServerLimits = ServerLimits(),
        simulation: SimulationSettings = SimulationSettings()
    ) {
        self.mocksDirectory = mocksDirectory
        self.host = host
        self.port = port
        self.strict = strict
        self.accessLog = accessLog
        self.limits = limits
        self.simulation = simulation
    }
}
