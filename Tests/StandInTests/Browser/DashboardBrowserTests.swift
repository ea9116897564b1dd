import Foundation
import ServerTestSupport
import Testing

/// The dashboard in a real headless Chromium, driven by `Tests/Browser/dashboard_check.py` (Selenium) against a
/// real `standin serve`. Skipped with a message where Chromium, its driver or Selenium is missing, except in CI
/// (`CI=true`), where it runs and fails instead. With `STANDIN_DASHBOARD_SCREENSHOT=PATH` the script saves a
/// screenshot there (how `docs/dashboard.png` was made).
@Suite struct DashboardBrowserTests {
    /// Whether the browser, its driver and Selenium are installed, or CI requires them anyway.
    static func canRun() async -> Bool {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return await onOwnThread {
            FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
                && PythonBackend.canImport("selenium")
        }
    }

    @Test(
        .enabled("needs chromium, chromium-driver and python3 with selenium (scripts/setup-browser.sh)", canRun),
        .timeLimit(.minutes(3))
    )
    func theDashboardShowsTheJournalLiveSetsVariantsAndCopiesFixtures() async throws {
        try await check(serving: [])
    }

    @Test(
        .enabled("needs chromium, chromium-driver and python3 with selenium (scripts/setup-browser.sh)", canRun),
        .timeLimit(.minutes(3))
    )
    func withAnAdminTokenThePageAsksForItOnceAndSendsIt() async throws {
        try await check(serving: ["--admin-token", "browser-s3cret"], token: "browser-s3cret")
    }

    /// Runs the browser script against a server started with `arguments`, giving the page `token` if there is one.
    private func check(serving arguments: [String], token: String? = nil) async throws {
        let mocks = try temporaryMocks([
            "greeting.json": """
            { "request": { "path": "/greeting" }, "response": { "json": { "text": "hello" } },
              "variants": { "formal": { "json": { "text": "good day" } } } }
            """,
            "users/get.json": """
            { "request": { "path": "/users/{id}" }, "response": { "json": { "id": "{{path.id}}" } } }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"] + arguments)
        defer { server.stop() }
        let printed = try await PythonBackend.client(
            "dashboard_check.py",
            ["http://127.0.0.1:\(server.port)", StandInBinary.url.path] + (token.map { [$0] } ?? []),
            in: "Browser"
        )
        #expect(printed == "ok")
    }
}
