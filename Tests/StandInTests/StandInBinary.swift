import Foundation
import ServerTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `standin` executable, run as a user would run it.
enum StandInBinary {
    /// The executable beside the test bundle in the build products directory.
    static let url: URL = {
        let products =
            Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return products.appendingPathComponent("standin")
    }()

    /// The repository root, for the sample `Mocks/`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `standin` with `arguments` (and `environment` added to the test's own) to completion and returns its exit
    /// status and output. A run that has not ended after `deadline` seconds is killed (and reports the signal), so a
    /// regression fails instead of hanging. Waits on a thread of its own.
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        deadline: Double = 20
    ) async throws -> (status: Int32, output: String, error: String) {
        try await runToCompletion(url, arguments, environment: environment, deadline: deadline)
    }
}

/// A `standin serve` (or `record`) process on a free port, stopped with SIGINT at the end.
final class ServeProcess {
    let process = ChildProcess()
    private let output = Pipe()
    let port: Int
    private var received: Data

    /// Starts `standin <command> --port 0` with `arguments` and waits (on a thread of its own) for it to print its
    /// address. With `openFiles`, the process may have at most that many files open (through `prlimit`, which
    /// becomes the process). `environment` is added to the test process's own. `listening` is the address it prints
    /// (its `--host`).
    init(
        _ arguments: [String],
        command: String = "serve",
        openFiles: Int? = nil,
        environment: [String: String] = [:],
        listening: String = "127.0.0.1"
    ) async throws {
        let standin = [StandInBinary.url.path, command, "--port", "0"] + arguments
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(openFiles):\(openFiles)", "--"] + standin
        } else {
            process.executableURL = StandInBinary.url
            process.arguments = Array(standin.dropFirst())
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let (address, read) = try await onOwnThread { [output] in
            let host = listening.replacingOccurrences(of: ".", with: #"\."#)
            return try Self.read(
                from: output.fileHandleForReading,
                onto: Data(),
                until: #"on http://"# + host + #":(\d+)"#
            )
        }
        (port, received) = (address.flatMap { Int($0) } ?? 0, read)
        guard port != 0 else {
            // A process that never said where it listens is stopped here: no test holds it to stop it later.
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
    }

    /// Reads what the process prints until it matches `pattern` (a regular expression); returns whether it did before
    /// the process ended or two minutes passed. Waits on a thread of its own: for the line that says a request was
    /// logged, rather than a guess at how long logging takes.
    func printed(_ pattern: String) async throws -> Bool {
        let (match, read) = try await onOwnThread { [output, received] in
            try Self.read(from: output.fileHandleForReading, onto: received, until: pattern)
        }
        received = read
        return match != nil
    }

    /// Reads from `handle` onto `received` until `pattern` matches what was received, the writer closes its end, or
    /// two minutes pass (a safety net: a loaded machine may take many seconds to start a debug build). Returns the
    /// match's first capture (the whole match if it has none), or nil, and all received.
    private static func read(
        from handle: FileHandle,
        onto received: Data,
        until pattern: String
    ) throws -> (match: String?, received: Data) {
        let regex = try Regex(pattern)
        let deadline = Date().addingTimeInterval(120)
        var received = received
        var readable = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if let match = try regex.firstMatch(in: String(decoding: received, as: UTF8.self)) {
                let output = match.output
                return ((output.count > 1 ? output[1].substring : output[0].substring).map(String.init), received)
            }
            guard Date() < deadline else { return (nil, received) }
            guard poll(&readable, 1, 100) > 0 else { continue }
            let chunk = handle.availableData
            guard !chunk.isEmpty else { return (nil, received) }
            received += chunk
        }
    }

    /// What it printed so far.
    var text: String { String(decoding: received, as: UTF8.self) }

    /// Sends SIGINT, waits (on a thread of its own) for exit, and returns the status; everything it printed is in
    /// `text` afterwards.
    func interrupt() async -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let rest = await onOwnThread { [output, process] in
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return rest
        }
        received += rest
        return process.terminationStatus
    }

    /// Sends SIGINT and leaves the process to end on its own: for clean-up in a `defer`, where nothing can wait.
    func stop() {
        kill(process.processIdentifier, SIGINT)
    }
}
