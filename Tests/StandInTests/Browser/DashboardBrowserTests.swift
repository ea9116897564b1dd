import Foundation
import ServerTestSupport
import Testing

/// The dashboard in a real headless Chromium, driven by `Tests/Browser/dashboard_check.py` and
/// `dashboard_sessions_check.py` and `dashboard_skipped_check.py` (Selenium) against a real `standin serve`. Skipped with a message where Chromium, its driver or Selenium is missing, except in CI
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
        try await check(serving: [], scriptArguments: [StandInBinary.url.path])
    }

    @Test(
        .enabled("needs chromium, chromium-driver and python3 with selenium (scripts/setup-browser.sh)", canRun),
        .timeLimit(.minutes(3))
    )
    func withAnAdminTokenThePageAsksForItOnceAndSendsIt() async throws {
        try await check(
            serving: ["--admin-token", "browser-s3cret"],
            scriptArguments: [StandInBinary.url.path, "browser-s3cret"]
        )
    }

    @Test(
        .enabled("needs chromium, chromium-driver and python3 with selenium (scripts/setup-browser.sh)", canRun),
        .timeLimit(.minutes(3))
    )
    func sessionsFilterTheJournalAndTheVariantPickerActsOnTheChosenOne() async throws {
        try await check(serving: [], script: "dashboard_sessions_check.py", scriptArguments: [])
    }

    @Test(
        .enabled("needs chromium, chromium-driver and python3 with selenium (scripts/setup-browser.sh)", canRun),
        .timeLimit(.minutes(3))
    )
    func aBurstAboveTheLiveCapShowsANoticeWhoseButtonLoadsTheJournal() async throws {
        try await check(serving: [], script: "dashboard_skipped_check.py", scriptArguments: [])
    }

    /// Runs the browser script `script` with the server's base URL and `scriptArguments` against a server started
    /// with `arguments`.
    private func check(
        serving arguments: [String],
        script: String = "dashboard_check.py",
        scriptArguments: [String]
    ) async throws {
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
            script,
            ["http://127.0.0.1:\(server.port)"] + scriptArguments,
            in: "Browser"
        )
        #expect(printed == "ok")
    }
}
