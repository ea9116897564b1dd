import Logging
import ServerTestSupport
import StandInFixtures
import Testing

@testable import MockServer
@testable import StandInEngine

/// A server asked to start twice, or for a port once it has stopped, says so: not as a libevent failure, and a
/// session asked of a stopping server gets a 503 that says the server is stopping.
@Suite struct StoppedServerTests {
    /// Answers every request 204.
    private final class NoContent: HTTPHandler {
        func handle(_ request: ServerRequest) {
            request.send(status: 204)
        }

        func engineDid(_ event: EngineEvent) {}
    }

    private static func server() -> HTTPServer {
        HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits()) { _ in NoContent() }
    }

    @Test func startingAStartedServerSaysItWasAlreadyStarted() throws {
        let server = Self.server()
        try server.start()
        defer { server.stop() }
        let error = try #require(throws: ServerError.self) { try server.start() }
        guard case .alreadyStarted = error else {
            Issue.record("expected alreadyStarted, got \(error)")
            return
        }
        #expect(error.description == "the server was already started; a server starts once")
    }

    @Test func aPortAskedOfAServerThatIsNotRunningSaysSo() throws {
        let server = Self.server()
        for moment in ["before start", "after stop"] {
            if moment == "after stop" {
                try server.start()
                server.stop()
            }
            let error = try #require(throws: ServerError.self, "\(moment)") {
                try server.openPort { _ in NoContent() }
            }
            guard case .notRunning = error else {
                Issue.record("\(moment): expected notRunning, got \(error)")
                continue
            }
            #expect(error.description == "the server is not running (not started yet, or stopping)")
        }
    }

    @Test func aSessionAskedOfAStoppingServerIsRefusedWithAMessageThatSaysSo() async throws {
        try await withMocks([:]) { mocks in
            let context = ServerContext(
                store: try FixtureStore(loader: FixtureLoader(directory: mocks)),
                simulation: Simulation(settings: SimulationSettings()),
                journal: nil,
                accessLog: nil,
                access: AdminAccess(token: nil),
                logger: Logger(label: "test"),
                sessionHost: "127.0.0.1",
                sessionFallback: nil,
                maxSessions: 4,
                sessionClock: .system
            )
            let stopped = Self.server()
            try stopped.start()
            stopped.stop()
            // Gone (the loops' weak reference to the server, while it stops) or stopped: the same answer.
            for server in [nil, stopped] {
                let error = try #require(throws: AdminError.self) {
                    try context.startSession(name: nil, ttl: .seconds(60), on: server)
                }
                #expect(error.status == 503)
                #expect(error.message == "the server is stopping and starts no more sessions")
            }
        }
    }
}
