import Foundation

/// Runs `executable` with `arguments` to completion and returns its exit status and output; one that has not ended
/// after `deadline` seconds is killed (and reports the signal). `environment` is added to the test process's own.
/// Waits on a thread of its own.
public func runToCompletion(
    _ executable: URL,
    _ arguments: [String],
    environment: [String: String] = [:],
    deadline: Double = 20
) async throws -> (status: Int32, output: String, error: String) {
    try await onOwnThread {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
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

/// A self-signed P-256 certificate for `localhost` and `127.0.0.1`, and its key, as PEM files.
public struct TestCertificate: Sendable {
    /// The certificate's PEM file.
    public let certificate: String
    /// Its key's PEM file.
    public let key: String

    /// Makes one named `name` (its subject's common name, and its files' names) in `folder`, with `openssl req`.
    public static func make(in folder: URL, name: String) async throws -> TestCertificate {
        let made = TestCertificate(
            certificate: folder.appendingPathComponent("\(name).pem").path,
            key: folder.appendingPathComponent("\(name)-key.pem").path
        )
        let result = try await runToCompletion(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-keyout", made.key, "-out", made.certificate, "-days", "30", "-subj", "/CN=\(name)",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ]
        )
        guard result.status == 0 else { throw ToolFailure(description: "openssl req failed: \(result.error)") }
        return made
    }
}

/// A tool a test runs that failed, with what it said.
public struct ToolFailure: Error, CustomStringConvertible {
    public let description: String
}
