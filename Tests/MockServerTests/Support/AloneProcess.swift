#if os(Linux)
import Foundation
import ServerTestSupport

/// Runs tests in a process of their own: this test binary again, with only the tests a filter names. For figures of
/// the whole process, such as resident memory, that tests running in parallel would blur.
///
/// Swift Testing's exit tests would do the same, but they wait for the child on Swift concurrency's shared threads;
/// this waits on a thread of its own.
enum AloneProcess {
    /// The environment variable that names the file a child writes its figures into.
    private static let reportVariable = "STANDIN_ALONE_REPORT"

    /// The file to write figures into when this process runs alone; nil in an ordinary run.
    static var reportFile: URL? {
        ProcessInfo.processInfo.environment[reportVariable].map { URL(fileURLWithPath: $0) }
    }

    /// Runs the tests whose names match `filter` in a child process; returns its exit status, what it printed, and
    /// what it wrote into its report file (empty when it wrote nothing).
    static func run(_ filter: String) async throws -> (status: Int32, output: String, report: String) {
        try await onOwnThread { try runNow(filter) }
    }

    private static func runNow(_ filter: String) throws -> (status: Int32, output: String, report: String) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("standin-alone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        process.environment = ProcessInfo.processInfo.environment.merging([reportVariable: report.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let written = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), written)
    }
}
#endif
