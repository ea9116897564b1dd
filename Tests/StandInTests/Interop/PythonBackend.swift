import Foundation
import ServerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real backend the project did not write (httpbin under gunicorn, moto), run by Python on a free port, and the
/// Python clients in `Tests/Interop/` that talk to it. Tests that need them skip when Python or its packages are
/// missing (`pip install httpbin gunicorn 'moto[server]' boto3`).
///
/// `@unchecked Sendable`: `port` never changes, and `process` is only started in `init` and stopped by the one test
/// that owns the backend.
final class PythonBackend: @unchecked Sendable {
    /// Whether `python3` has every top-level package named (found, not imported: importing moto takes seconds).
    static func canImport(_ modules: String...) -> Bool {
        let check = ChildProcess()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let names = modules.map { "'\($0)'" }.joined(separator: ", ")
        check.arguments = [
            "python3", "-c",
            "import importlib.util, sys; sys.exit(0 if all(importlib.util.find_spec(m) for m in [\(names)]) else 1)",
        ]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }

    static let hasHTTPBin = canImport("httpbin", "gunicorn", "requests")

    /// Whether httpbin can run, found off the test threads.
    static func httpbinIsThere() async -> Bool { await onOwnThread { hasHTTPBin } }

    /// Whether moto can run, found off the test threads.
    static func motoIsThere() async -> Bool { await onOwnThread { hasMoto } }
    static let hasMoto = canImport("moto", "boto3", "flask", "flask_cors")

    /// Whether mitmproxy can run in front of httpbin, found off the test threads; always true in CI (`CI=true`),
    /// where a missing tool must fail the test rather than skip it.
    static func mitmproxyIsThere() async -> Bool {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return await onOwnThread { hasMitmproxy && hasHTTPBin }
    }
    static let hasMitmproxy = canImport("mitmproxy")

    let port: Int
    private let process: ChildProcess

    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts `python3 ARGUMENTS` (with `{port}` replaced by a free port) and waits until it listens on that port. The
    /// port is picked below the ephemeral range, from which the servers of the tests running beside this one take
    /// theirs; a port another process takes first (a second run of the suite) is given up for another. `pythonPath`
    /// goes first on Python's module path.
    init(_ arguments: [String], pythonPath: String? = nil) throws {
        var failure = InteropFailure("python3 \(arguments.joined(separator: " ")) did not start")
        for _ in 0..<5 {
            let port = try Self.freePortBelowEphemeralRange()
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + arguments.map { $0.replacingOccurrences(of: "{port}", with: "\(port)") }
            if let pythonPath {
                process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONPATH": pythonPath]) { $1 }
            }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline, !Self.listens(process, on: port) {
                Thread.sleep(forTimeInterval: 0.1)
            }
            if process.isRunning, Self.listens(process, on: port) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            failure = InteropFailure("python3 \(arguments.joined(separator: " ")) did not start listening on \(port)")
        }
        throw failure
    }

    /// httpbin under gunicorn.
    static func httpbin() throws -> PythonBackend {
        try PythonBackend(["-m", "gunicorn", "--bind", "127.0.0.1:{port}", "--workers", "2", "httpbin:app"])
    }

    /// moto's server (every AWS service on one port).
    static func moto() throws -> PythonBackend {
        try PythonBackend(["-m", "moto.server", "-p", "{port}"])
    }

    /// mitmproxy's `mitmdump` as a reverse proxy to `upstream`, writing every exchange to the HAR file `har` when it
    /// stops (`interrupt()`); its certificates go to `confdir`.
    static func mitmproxy(reverseTo upstream: String, har: URL, confdir: URL) throws -> PythonBackend {
        try PythonBackend([
            "-c", "from mitmproxy.tools.main import mitmdump; mitmdump()", "--mode", "reverse:\(upstream)",
            "--listen-host", "127.0.0.1", "--listen-port", "{port}", "--set", "confdir=\(confdir.path)", "--set",
            "hardump=\(har.path)", "--quiet",
        ])
    }

    /// Sends SIGINT, as Ctrl-C would, and waits for the server to finish: mitmproxy writes its HAR file then.
    func interrupt() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }

    /// Stops the server and waits for it. SIGKILL: the Python servers, started by `Process`, may not act on SIGTERM.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Where `scripts/setup-interop.sh` installs the OpenAI SDK and httpx-sse, apart from the other packages.
    static let streamClients = StandInBinary.repositoryRoot.appendingPathComponent(".build/python-streams").path

    /// Whether the OpenAI SDK and httpx-sse can run, found off the test threads; always true in CI (`CI=true`),
    /// where a missing client must fail the test rather than skip it.
    static func streamClientsAreThere() async -> Bool {
        await isInstalled("httpx_sse", in: streamClients)
    }

    /// Where `scripts/setup-interop.sh` installs websockets and websocket-client, apart from the other packages.
    static let webSocketClients = StandInBinary.repositoryRoot.appendingPathComponent(".build/python-websocket").path

    /// Whether websockets and websocket-client can run, found off the test threads; always true in CI.
    static func webSocketClientsAreThere() async -> Bool {
        await isInstalled("websockets", in: webSocketClients)
    }

    /// Where `scripts/setup-interop.sh` installs gql, strawberry-graphql and uvicorn, apart from the other packages.
    static let graphQLPackages = StandInBinary.repositoryRoot.appendingPathComponent(".build/python-graphql").path

    /// Whether gql, strawberry-graphql and uvicorn can run, found off the test threads; always true in CI.
    static func graphQLPackagesAreThere() async -> Bool {
        await isInstalled("strawberry", in: graphQLPackages)
    }

    /// Whether `module` is installed in `folder`, found off the test threads; always true in CI (`CI=true`), where
    /// a missing package must fail the test rather than skip it.
    private static func isInstalled(_ module: String, in folder: String) async -> Bool {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return await onOwnThread { FileManager.default.fileExists(atPath: "\(folder)/\(module)") }
    }

    /// Runs `Tests/FOLDER/SCRIPT` with `arguments` off the test threads and returns what it printed; `pythonPath`
    /// goes first on Python's module path, and `environment` is added to the test process's own.
    static func client(
        _ script: String,
        _ arguments: [String],
        in folder: String = "Interop",
        pythonPath: String? = nil,
        environment: [String: String] = [:]
    ) async throws -> String {
        try await onOwnThread {
            try runClient(script, arguments, in: folder, pythonPath: pythonPath, environment: environment)
        }
    }

    /// Runs `Tests/FOLDER/SCRIPT` with `arguments` and returns what it printed; throws with its errors if it failed.
    private static func runClient(
        _ script: String,
        _ arguments: [String],
        in folder: String,
        pythonPath: String?,
        environment: [String: String]
    ) throws -> String {
        let path = StandInBinary.repositoryRoot.appendingPathComponent("Tests/\(folder)/\(script)").path
        let client = ChildProcess()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        client.arguments = ["python3", path] + arguments
        var added = environment
        if let pythonPath { added["PYTHONPATH"] = pythonPath }
        if !added.isEmpty { client.environment = ProcessInfo.processInfo.environment.merging(added) { $1 } }
        let output = Pipe()
        let errors = Pipe()
        client.standardOutput = output
        client.standardError = errors
        try client.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        client.waitUntilExit()
        guard client.terminationStatus == 0 else {
            throw InteropFailure(
                "\(script) \(arguments.joined(separator: " ")) failed: \(String(decoding: complaints, as: UTF8.self))"
            )
        }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A port below the ephemeral range that nothing holds now.
    private static func freePortBelowEphemeralRange() throws -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))
            .flatMap { $0.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } }
        let ephemeralStart = range ?? 49_152
        for _ in 0..<100 {
            let port = Int.random(in: (ephemeralStart - 8_000)..<ephemeralStart)
            if let reserved = try? bindLoopbackPort(port) {
                close(reserved)
                return port
            }
        }
        throw InteropFailure("no free port below \(ephemeralStart)")
    }

    /// Whether `process` itself listens on `port` (on Linux, by the socket's inode among its descriptors): not another
    /// process that took the port first.
    private static func listens(_ process: ChildProcess, on port: Int) -> Bool {
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        guard FileManager.default.fileExists(atPath: descriptors) else { return accepts(port) }
        guard let inode = LoopbackPortReport.listenerInode(port: port),
            let names = try? FileManager.default.contentsOfDirectory(atPath: descriptors)
        else { return false }
        let socket = "socket:[\(inode)]"
        let files = FileManager.default
        return names.contains { (try? files.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")) == socket }
    }

    private static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// Why an interop test could not run its backend or client.
struct InteropFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
