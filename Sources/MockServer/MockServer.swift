import Fixtures
import Foundation
import Logging

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
    /// What loading the mocks directory produced, diagnostics included.
    public let loaded: FixtureLoadResult
    private let http: HTTPServer
    private let accessLog: AccessLog?

    /// Loads the fixtures. Throws when the directory cannot be read, or, with `strict`, when any file is broken.
    public init(configuration: MockServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        loaded = try FixtureLoader(directory: configuration.mocksDirectory).load()
        for diagnostic in loaded.diagnostics { logger.error("\(diagnostic)") }
        if configuration.strict, !loaded.diagnostics.isEmpty {
            throw MockServerError.brokenFixtures(loaded.diagnostics)
        }
        try Self.checkVariants(configuration.simulation.variants, against: loaded.fixtures)
        let accessLog = configuration.accessLog ? AccessLog() : nil
        let fixtures = FixtureSet(loaded)
        let simulation = Simulation(settings: configuration.simulation)
        self.accessLog = accessLog
        http = HTTPServer(
            host: configuration.host,
            port: configuration.port,
            limits: configuration.limits,
            makeHandler: { loop in
                MockResponder(fixtures: fixtures, simulation: simulation, accessLog: accessLog, loop: loop)
            }
        )
    }

    /// Every start-up variant must name an endpoint and a variant that one of its fixtures has.
    private static func checkVariants(_ variants: [String: String], against fixtures: [Fixture]) throws {
        for (endpoint, name) in variants.sorted(by: { $0.key < $1.key }) {
            let candidates = fixtures.filter { $0.endpoint == endpoint }
            guard !candidates.isEmpty else {
                let endpoints = Set(fixtures.map(\.endpoint)).sorted().joined(separator: ", ")
                throw MockServerError.unknownVariant("no fixture serves \(endpoint); the endpoints are: \(endpoints)")
            }
            let available = Set(candidates.flatMap(\.variantNames)).sorted()
            guard available.contains(name) else {
                let list = available.isEmpty ? "it has none" : "it has: " + available.joined(separator: ", ")
                throw MockServerError.unknownVariant("\(endpoint) has no variant \"\(name)\"; \(list)")
            }
        }
    }

    /// Starts listening and serving. Throws when the address cannot be listened on.
    public func start() throws {
        try http.start()
    }

    /// The port the server listens on, once started.
    public var port: Int { http.port }

    /// Stops serving and waits until every loop has stopped; the access log is flushed.
    public func stop() {
        http.stop()
        accessLog?.flush()
    }
}

/// Why a mock server refused to start.
public enum MockServerError: Error, CustomStringConvertible {
    /// `strict` loading found broken fixture files.
    case brokenFixtures([Diagnostic])
    /// A start-up variant names an endpoint or variant that no fixture has.
    case unknownVariant(String)

    public var description: String {
        switch self {
        case .brokenFixtures(let diagnostics):
            "\(diagnostics.count) fixture file(s) are broken and --strict is set:\n"
                + diagnostics.map(\.description).joined(separator: "\n")
        case .unknownVariant(let problem):
            "--variant: \(problem)"
        }
    }
}
