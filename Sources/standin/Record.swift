import ArgumentParser
import Foundation
import Logging
import MockServer
import NetworkCore
import StandInContract
import StandInFixtures
import StandInTooling

/// `standin record`: proxy to the real backend and write what it answers as fixtures, until interrupted.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Proxy to a real backend and record its answers as fixtures.",
        discussion: """
            Every request goes to --upstream; with --proxy-port, every request for an --intercept host that comes \
            through the proxy goes to that host itself (https for a CONNECT that spoke TLS, its certificate checked) \
            and is recorded under --into/HOST with request.host. The client gets the backend's answer, and one fixture per distinct \
            request is written under --mocks/--into (a request answered differently later becomes a sequence); a \
            GraphQL operation as a graphql fixture named by the operation under graphql/, a batch as one per \
            operation. \
            Secrets never reach the files: Authorization, Cookie, Set-Cookie, Proxy-Authorization, X-Api-Key and \
            every --redact-header are dropped; JSON fields and query or form parameters named like secrets \
            (password, token, session, api_key, names ending in _token or _secret, every --redact-json-field) read \
            <redacted> and are left out of the match; and every such value is replaced by <redacted> wherever else \
            it appears. --keep-secrets turns this off for one run. Each access-log \
            line says RECORDED, UPDATED, UNCHANGED or SERVED. Stop with Ctrl-C to see what was written. With \
            --spec, the recorded responses are then checked against that OpenAPI document and every way the backend \
            broke it is printed, grouped by operation.
            """
    )

    @Option(
        help: ArgumentHelp(
            "The real backend's base URL (http or https); optional with --proxy-port, which sends each intercepted host's requests to that host.",
            valueName: "url"
        )
    )
    var upstream: String?

    @OptionGroup var proxy: ProxyOptions

    @Option(
        name: .customLong("upstream-ca"),
        help: ArgumentHelp(
            "A PEM file of CA certificates that https backends' certificates may chain to, besides the system's (macOS).",
            valueName: "file"
        )
    )
    var upstreamCA: String?

    @OptionGroup var mocks: MocksOptions

    @Option(help: ArgumentHelp("The folder under --mocks the fixtures go to.", valueName: "folder"))
    var into = "recorded"

    @Option(help: "all: record every request; missing: serve what a fixture answers, record the rest.")
    var mode = RecordingConfiguration.Mode.all

    @OptionGroup(title: "Secrets")
    var redaction: RedactionOptions

    @Option(help: ArgumentHelp("Make this request header part of the match (repeatable).", valueName: "name"))
    var matchHeader: [String] = []

    @Option(help: ArgumentHelp("Leave this query parameter out of the match (repeatable).", valueName: "name"))
    var ignoreQuery: [String] = []

    @Option(
        help: ArgumentHelp(
            "Leave this field of a JSON request body out of the match: a.b or /a/b (repeatable).",
            valueName: "path"
        )
    )
    var ignoreBodyField: [String] = []

    @Flag(help: "Store the backend's observed time as each fixture's delay.")
    var keepLatency = false

    @Option(help: ArgumentHelp("How long a backend call may take before the client gets 504.", valueName: "duration"))
    var upstreamTimeout = "30s"

    @Option(
        help: ArgumentHelp(
            "How long an event stream from the backend is relayed and recorded, from its head on, before StandIn ends it and records what arrived.",
            valueName: "duration"
        )
    )
    var maxHold = "5m"

    @Flag(help: "Do not check the backend's TLS certificate (a development backend with a self-signed one).")
    var insecure = false

    @Option(
        help: ArgumentHelp(
            "The most bytes of answers that the calls in flight hold at once; an answer that would pass it gets 503 and is not recorded.",
            valueName: "bytes"
        )
    )
    var maxInFlightBytes = RecordingConfiguration.defaultMaxInFlightBytes

    @OptionGroup var listen: ListenOptions

    @OptionGroup var spec: SpecOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        _ = try limits.limits()
        _ = try upstream.map { try upstreamURL($0, option: "--upstream") }
        guard upstream != nil || proxy.proxyPort != nil else {
            throw ValidationError("record needs --upstream URL, or --proxy-port PORT with --intercept HOST (or both).")
        }
        if proxy.proxyPort != nil, proxy.intercepted.isEmpty {
            throw ValidationError("--proxy-port in record needs --intercept HOST: the hosts to send on and record.")
        }
        if proxy.proxyPort != nil, !ProxyOptions.isLoopback(listen.host) {
            throw ValidationError("record --proxy-port listens on loopback only (--host 127.0.0.1, ::1 or localhost).")
        }
        try proxy.validate(host: listen.host, adminToken: nil)
        _ = try trustedRoots()
        try validateInto(into)
        guard maxInFlightBytes >= 1 else { throw ValidationError("--max-in-flight-bytes must be 1 or more.") }
        guard (try? DurationText.parse(upstreamTimeout)).map({ $0 > .zero }) == true else {
            throw ValidationError("--upstream-timeout must be a duration like 30s or 500ms.")
        }
        guard (try? DurationText.parse(maxHold)).map({ $0 > .zero }) == true else {
            throw ValidationError("--max-hold must be a duration like 5m or 30s, at most 1h.")
        }
        if insecure, !URLSessionTransport.canTrustAnyCertificate {
            throw ValidationError(
                "--insecure is not available on this platform (URLSession cannot skip certificate checks here); "
                    + "trust the backend's certificate in the system's store instead."
            )
        }
    }

    func run() throws {
        LogSetup.bootstrap()
        let logger = Logger(label: "standin")
        let contract = try spec.contract()
        let directory = URL(fileURLWithPath: mocks.mocks)
        let rules = RecordingRules(
            redactor: redaction.redactor,
            ignoredQuery: Set(ignoreQuery),
            ignoredBodyFields: ignoreBodyField,
            matchHeaders: matchHeader,
            keepLatency: keepLatency
        )
        let recording = RecordingConfiguration(
            upstream: upstream.flatMap(URL.init(string:)),
            into: into,
            mode: mode,
            rules: rules,
            timeout: try DurationText.parse(upstreamTimeout),
            trustsAnyCertificate: insecure,
            trustedRoots: try trustedRoots(),
            maxInFlightBytes: maxInFlightBytes
        )
        var configuration = MockServerConfiguration(
            mocksDirectory: directory,
            host: listen.host,
            port: listen.port,
            tls: try listen.tlsSettings(),
            accessLog: !listen.quiet,
            limits: try limits.limits(),
            simulation: SimulationSettings(maxHold: try DurationText.parse(maxHold)),
            watch: mode == .missing,
            recording: recording
        )
        configuration.proxy = try proxy.settings()
        if UpstreamMemory.growsPerRequest {
            printError(
                "note: this build's URLSession keeps about 150 bytes of every proxied request (a Swift runtime linked statically); for long recordings use a build with the runtime linked dynamically."
            )
        }
        redaction.warnIfKeepingSecrets(in: "\(mocks.mocks)/\(into)")
        if insecure {
            printError(
                "WARNING: --insecure: the backend's TLS certificate is NOT checked. Anyone on the way can read and change this traffic."
            )
        }
        let server: MockServer
        let signal: String?
        if let failure = createDirectories(mocks.mocks) {
            printError("standin: cannot create the mocks directory \(mocks.mocks): \(systemMessage(failure))")
            throw ExitCode.failure
        }
        let recorded = [upstream, proxy.intercepted.isEmpty ? nil : proxy.intercepted.joined(separator: " ")]
            .compactMap { $0 }.joined(separator: " and ")
        do {
            server = try MockServer(configuration: configuration, logger: logger)
            signal = try listen.run(server) { port in
                printLine(
                    "StandIn recording \(recorded) into \(mocks.mocks)/\(into) (mode \(mode.rawValue)) on \(listen.addresses(of: server, port: port))"
                )
            }
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
        if let summary = waitFor({ await server.recordingSummary() }) {
            printLine(summary.rendered(mocksDirectory: mocks.mocks))
            if let contract, let file = spec.spec {
                printLine(try Self.violations(of: summary, against: contract, spec: file, mocks: mocks.mocks))
            }
        }
        printLine("StandIn stopped (\(signal ?? "stopped")).")
    }
}

extension Record {
    /// The ways the recorded responses (the files `summary` lists, as stored) break `contract`, grouped by
    /// operation: `GET /pets/{id}: 2 responses broke the spec`, then each violation on an indented line.
    static func violations(
        of summary: RecordingSummary,
        against contract: Contract,
        spec: String,
        mocks: String
    ) throws -> String {
        let loaded = try loadFixtures(from: mocks)
        let report = ContractFixtureCheck(contract: contract, fixtures: loaded).run(only: Set(summary.files.map(\.id)))
        let name = URL(fileURLWithPath: spec).lastPathComponent
        var lines: [String] = []
        var operations: [String] = []
        var byOperation: [String: [ContractFinding]] = [:]
        for finding in report.findings {
            if byOperation[finding.operation] == nil { operations.append(finding.operation) }
            byOperation[finding.operation, default: []].append(finding)
        }
        for operation in operations {
            let findings = byOperation[operation] ?? []
            let responses = Set(findings.map(\.responseID)).count
            lines.append("\(operation): \(responses) response\(responses == 1 ? "" : "s") broke the spec")
            lines += findings.map { "  \($0)" }
        }
        lines.append(
            report.findings.isEmpty
                ? "The backend kept to \(name) in all \(report.checkedResponses) recorded response(s)."
                : "\(report.brokenResponses) of \(report.checkedResponses) recorded response(s) broke \(name)."
        )
        if !report.notInSpec.isEmpty {
            lines.append(
                "\(report.notInSpec.count) recorded endpoint(s) not in the spec: "
                    + report.notInSpec.joined(separator: ", ")
            )
        }
        return lines.joined(separator: "\n")
    }
}

extension Record {
    /// The certificates of `--upstream-ca` (DER), trusted besides the system's; none without it. Where URLSession
    /// cannot trust roots of its own (Linux: FoundationNetworking takes libcurl's bundle as built, and reads no
    /// setting to change it outside Android), the flag is refused with what to do instead.
    func trustedRoots() throws -> [Data] {
        guard let upstreamCA else { return [] }
        guard URLSessionTransport.canTrustAnyCertificate else {
            throw ValidationError(
                "--upstream-ca is not available on this platform: URLSession here checks backends' certificates "
                    + "against the system's store only. Add the CA there instead (Debian, Ubuntu: copy it to "
                    + "/usr/local/share/ca-certificates/NAME.crt and run update-ca-certificates)."
            )
        }
        guard let pem = try? String(contentsOfFile: upstreamCA, encoding: .utf8) else {
            throw ValidationError("--upstream-ca \(upstreamCA): the file cannot be read.")
        }
        let roots = URLSessionTransport.derCertificates(inPEM: pem)
        guard !roots.isEmpty else {
            throw ValidationError("--upstream-ca \(upstreamCA): the file holds no PEM certificate (BEGIN CERTIFICATE).")
        }
        return roots
    }
}

extension RecordingConfiguration.Mode: ExpressibleByArgument {}

/// Creates `path` and any missing parent, like `mkdir -p`; returns the `errno` of the first failure, nil on success.
private func createDirectories(_ path: String) -> Int32? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        prefix += component
        if mkdir(prefix, 0o755) != 0, errno != EEXIST { return errno }
        prefix += "/"
    }
    var info = stat()
    guard stat(path, &info) == 0 else { return errno }
    return info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR
}
