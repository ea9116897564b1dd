import Foundation

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

    /// Runs `standin` with `arguments` to completion and returns its exit status and output. A run that has not
    /// ended after `deadline` seconds is killed (and reports the signal), so a regression fails instead of hanging.
    static func run(
        _ arguments: [String],
        deadline: Double = 20
    ) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
        defer { watchdog.cancel() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}

/// A `standin serve` (or `record`) process on a free port, stopped with SIGINT at the end.
final class ServeProcess {
    let process = Process()
    private let output = Pipe()
    private(set) var port = 0
    private var received = Data()

    /// Starts `standin <command> --port 0` with `arguments` and waits for it to print its address.
    init(_ arguments: [String], command: String = "serve") throws {
        process.executableURL = StandInBinary.url
        process.arguments = [command, "--port", "0"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pattern = try Regex(#"on http://127\.0\.0\.1:(\d+)"#)
        let deadline = Date().addingTimeInterval(10)
        while port == 0, Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            received += chunk
            if let match = try pattern.firstMatch(in: text), let value = match.output[1].substring {
                port = Int(value) ?? 0
            }
        }
        guard port != 0 else { throw CocoaError(.fileReadCorruptFile) }
    }

    /// What it printed so far.
    var text: String { String(decoding: received, as: UTF8.self) }

    /// Sends SIGINT, waits for exit, and returns the status; everything it printed is in `text` afterwards.
    func interrupt() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        received += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
