import Foundation
import ServerTestSupport

/// Runs console examples as a reader would, in a shell at the repository root, against a server on `port`.
///
/// `localhost:8080` and `127.0.0.1:8080` in a command become the server's address, and `standin` is the built
/// executable. curl reads only the configuration written here: no proxy, and at most a minute per call, so a
/// regression fails instead of hanging.
struct ConsoleRunner: Sendable {
    let port: Int
    private let home: URL

    init(port: Int) throws {
        self.port = port
        home = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try writeFile("noproxy = \"*\"\nmax-time = 60\n", to: home.appendingPathComponent(".curlrc"))
    }

    /// Removes the configuration folder.
    func remove() {
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs `example`'s command and returns its exit status and what it printed on both outputs. Waits on a thread
    /// of its own.
    func run(_ example: ConsoleExample) async throws -> (status: Int32, output: String) {
        let command = example.command
            .replacingOccurrences(of: "localhost:8080", with: "127.0.0.1:\(port)")
            .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(port)")
        let environment = [
            "PATH": StandInBinary.url.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin",
            "HOME": home.path, "LC_ALL": "C",
        ]
        return try await onOwnThread {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.environment = environment
            process.currentDirectoryURL = StandInBinary.repositoryRoot
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }
}
