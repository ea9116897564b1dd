import ArgumentParser
import Foundation
import Logging
import MockServer

/// `standin serve`: answer requests from the mocks directory until interrupted.
///
/// Synchronous on purpose: the server runs its first event loop on the main thread, so `--threads 1` is a
/// one-thread process.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the fixtures of a mocks directory over HTTP.",
        discussion: """
            Prints the address and the endpoint table, then one line per request: method, path, status, \
            the fixture that answered (or NO MATCH) and the time taken. Broken fixture files are reported as \
            file:line: reason and skipped, unless --strict. Edits under --mocks are reloaded within a second \
            (a broken edit keeps the last good version serving). The admin API under /__standin/ answers \
            loopback clients, or anyone with --admin-token's bearer token. Stop with Ctrl-C.
            """
    )

    @OptionGroup var mocks: MocksOptions

    @OptionGroup var listen: ListenOptions

    @OptionGroup var proxy: ProxyOptions

    @Option(
        help: ArgumentHelp(
            "How many threads serve, each with its own event loop, sharing one listening socket (default: one per core).",
            valueName: "count"
        )
    )
    var threads: Int?

    /// `--threads`, or one per core.
    private var threadCount: Int { threads ?? ProcessInfo.processInfo.activeProcessorCount }

    @Flag(help: "Refuse to start if any fixture file is broken.")
    var strict = false

    @Flag(inversion: .prefixedNo, help: "Reload fixtures when files under --mocks change.")
    var watch = true

    @Option(
        help: ArgumentHelp(
            "Require Authorization: Bearer TOKEN on every admin call (then non-loopback clients may call it too).",
            valueName: "token"
        )
    )
    var adminToken: String?

    @Option(help: ArgumentHelp("How many requests the journal keeps; 0 turns it off.", valueName: "count"))
    var journalSize = 10_000

    @Option(
        help: ArgumentHelp(
            "Forward requests no fixture matches to this backend (not recorded) instead of answering 404.",
            valueName: "url"
        )
    )
    var fallbackUpstream: String?

    @Option(
        help: ArgumentHelp(
            "How many bytes the journal's entries may hold (heads and bodies); the oldest go first.",
            valueName: "bytes"
        )
    )
    var journalBytes = 64 * 1024 * 1024

    @Option(
        help: ArgumentHelp(
            "How many dashboard event streams (GET /__standin/events) may be open at once; one more gets 429.",
            valueName: "count"
        )
    )
    var maxEventStreams = 16

    @Option(
        help: ArgumentHelp(
            "How many sessions (POST /__standin/sessions) may be alive at once; one more gets 429.",
            valueName: "count"
        )
    )
    var maxSessions = MockServerConfiguration.defaultMaxSessions

    @OptionGroup(title: "Contract")
    var spec: SpecOptions

    @Option(
        help: ArgumentHelp(
            "What a request that breaks --spec gets: enforce (422 with the violations) or warn (answered, with X-StandIn-Violations).",
            valueName: "mode"
        )
    )
    var specMode: ServedContract.Mode = .enforce

    @OptionGroup(title: "Simulation")
    var simulation: SimulationOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        guard (1...256).contains(threadCount) else { throw ValidationError("--threads must be within 1...256.") }
        guard journalSize >= 0 else { throw ValidationError("--journal-size must be 0 (off) or more.") }
        guard (0...1024).contains(maxEventStreams) else {
            throw ValidationError("--max-event-streams must be within 0...1024.")
        }
        guard (1...65_536).contains(maxSessions) else {
            throw ValidationError("--max-sessions must be within 1...65536.")
        }
        guard journalBytes >= 0 else { throw ValidationError("--journal-bytes must be 0 or more.") }
        if let adminToken, adminToken.isEmpty || adminToken.contains(where: \.isWhitespace) {
            throw ValidationError("--admin-token must be a non-empty value without spaces.")
        }
        _ = try simulation.settings()
        _ = try limits.limits()
        _ = try fallbackUpstream.map { try upstreamURL($0, option: "--fallback-upstream") }
        if spec.spec == nil, specMode != .enforce { throw ValidationError("--spec-mode needs --spec.") }
        try proxy.validate(host: listen.host, adminToken: adminToken)
    }

    func run() throws {
        LogSetup.bootstrap()
        let logger = Logger(label: "standin")
        var configuration = MockServerConfiguration(
            mocksDirectory: URL(fileURLWithPath: mocks.mocks),
            host: listen.host,
            port: listen.port,
            tls: try listen.tlsSettings(),
            threads: threadCount,
            strict: strict,
            accessLog: !listen.quiet,
            limits: try limits.limits(),
            simulation: try simulation.settings(),
            adminToken: adminToken,
            journalSize: journalSize,
            journalBytes: journalBytes,
            watch: watch,
            fallbackUpstream: try fallbackUpstream.map { try upstreamURL($0, option: "--fallback-upstream") }
        )
        configuration.maxEventStreams = maxEventStreams
        configuration.maxSessions = maxSessions
        configuration.proxy = try proxy.settings()
        configuration.contract = try spec.contract().map { ServedContract($0, mode: specMode) }
        let server: MockServer
        let signal: String?
        do {
            server = try MockServer(configuration: configuration, logger: logger)
            signal = try listen.run(server) { port in
                let loaded = server.loaded
                let count = loaded.endpointFixtures.count
                printLine(
                    "StandIn serving \(count) fixture(s) from \(mocks.mocks) on \(listen.addresses(of: server, port: port))"
                )
                printLine(EndpointTable(loaded.fixtures, resources: loaded.resources).rendered)
            }
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
        printLine("StandIn stopped (\(signal ?? "stopped")).")
    }
}
