import Foundation
import Logging
import MockServer
import StandInEngine
import StandInFixtures

/// Starts a real server on a free port serving `mocks`, runs `body` with its base URL, and always stops it. The
/// parameters are `MockServerConfiguration`'s (with the access log off); `configure` sets the rest of it.
public func withServer(
    mocks: URL,
    host: String = "127.0.0.1",
    strict: Bool = false,
    limits: ServerLimits = ServerLimits(),
    simulation: SimulationSettings = SimulationSettings(),
    adminToken: String? = nil,
    journalSize: Int = 10_000,
    journalBytes: Int = 64 * 1024 * 1024,
    watch: Bool = false,
    threads: Int = 1,
    maxSessions: Int = MockServerConfiguration.defaultMaxSessions,
    logger: Logger = Logger(label: "test"),
    configure: (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (URL) async throws -> Void
) async throws {
    var configuration = MockServerConfiguration(
        mocksDirectory: mocks,
        host: host,
        threads: threads,
        strict: strict,
        accessLog: false,
        limits: limits,
        simulation: simulation,
        adminToken: adminToken,
        journalSize: journalSize,
        journalBytes: journalBytes,
        watch: watch
    )
    configuration.maxSessions = maxSessions
    configure(&configuration)
    try await withRunningServer(configuration, logger: logger) { server in
        try await body(URL(string: "http://127.0.0.1:\(server.port)")!)
    }
}

/// Starts a real server with `configuration` on a free port (whatever port it names), runs `body` with it, and
/// always stops it: for the tests that ask the server itself what it holds; the others call `withServer`.
public func withRunningServer(
    _ configuration: MockServerConfiguration,
    logger: Logger = Logger(label: "test"),
    _ body: (MockServer) async throws -> Void
) async throws {
    var configuration = configuration
    configuration.port = 0
    let server = try MockServer(configuration: configuration, logger: logger)
    try server.start()
    defer { server.stop() }
    // The test's own jobs (its client's answers and timers among them) run on a thread of their own, so that tests
    // busy on Swift's shared threads elsewhere in the suite cannot make its calls time out.
    try await onOwnExecutor { try await body(server) }
}
