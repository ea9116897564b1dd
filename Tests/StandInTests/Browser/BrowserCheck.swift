import Foundation
import ServerTestSupport
import Testing

/// A script of `Tests/Browser` (Selenium driving a real headless Chromium) run against a real `standin serve`: what
/// the browser tests share. They are skipped with `requirement` where Chromium, its driver or Selenium is missing,
/// except in CI (`CI=true`), where they run and fail instead.
enum BrowserCheck {
    /// What a browser test needs, said when it is skipped.
    static let requirement: Comment =
        "needs chromium, chromium-driver and python3 with selenium (scripts/setup-browser.sh)"

    /// Whether the browser, its driver and Selenium are installed, or CI requires them anyway.
    static func canRun() async -> Bool {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return await onOwnThread {
            FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
                && PythonBackend.canImport("selenium")
        }
    }

    /// Runs the browser script `script` with the server's base URL and `scriptArguments` (given the mocks directory)
    /// against a server started with `arguments`, serving `files` from a directory of its own, and expects it to print
    /// "ok"; then runs `afterwards` with the server, still serving.
    static func run(
        _ script: String,
        serving arguments: [String],
        mocks files: [String: String],
        scriptArguments: (URL) -> [String],
        afterwards: (ServeProcess) async throws -> Void = { _ in }
    ) async throws {
        let mocks = try temporaryMocks(files)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"] + arguments)
        defer { server.stop() }
        let printed = try await PythonBackend.client(
            script,
            ["http://127.0.0.1:\(server.port)"] + scriptArguments(mocks),
            in: "Browser"
        )
        #expect(printed == "ok")
        try await afterwards(server)
    }
}
