import ArgumentParser
import Foundation
import Logging
import MockServer

/// `standin serve`: answer requests from the mocks directory until interrupted.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the fixtures of a mocks directory over HTTP.",
        discussion: """
            Prints the address and the endpoint table, then one line per request: method, path, status, \
            the fixture that answered (or NO MATCH) and the time taken. Broken fixture files are reported as \
            file:line: reason and skipped, unless --strict. Stop with Ctrl-C.
            """
    )

    @OptionGroup var mocks: MocksOptions

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free port and prints it.")
    var port = 8080

    @Flag(help: "Refuse to start if any fixture file is broken.")
    var strict = false

    @Flag(help: "Do not print a line per request.")
    var quiet = false

    @OptionGroup(title: "Simulation")
    var simulation: SimulationOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0...65535.") }
        _ = try simulation.settings()
    }

    func run() async throws {
        LogSetup.bootstrap()
        let logger = Logger(label: "standin")
        let configuration = MockServerConfiguration(
            mocksDirectory: URL(fileURLWithPath: mocks.mocks),
            host: host,
            port: port,
            strict: strict,
            accessLog: !quiet,
            simulation: try simulation.settings()
        )
        let server: MockServer
        do {
            server = try MockServer(configuration: configuration, logger: logger)
            try server.start()
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
        let fixtures = server.loaded.fixtures
        printLine("StandIn serving \(fixtures.count) fixture(s) from \(mocks.mocks) on http://\(host):\(server.port)")
        printLine(EndpointTable(fixtures).rendered)
        let signal = await TerminationSignal.next()
        server.stop()
        printLine("StandIn stopped (\(signal)).")
    }
}
