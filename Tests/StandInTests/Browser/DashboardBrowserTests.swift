import Foundation
import ServerTestSupport
import Testing

/// The dashboard in a real headless Chromium, driven by the scripts in `Tests/Browser` (Selenium) against a real
/// `standin serve` (`BrowserCheck`). With `STANDIN_DASHBOARD_SCREENSHOT=PATH` the script saves a screenshot there (how
/// `docs/dashboard.png` was made). Each check's time limit of ten minutes is a safety net: on a loaded machine a
/// debug server and Chromium have needed more than three.
@Suite struct DashboardBrowserTests {
    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func theDashboardShowsTheJournalLiveSetsVariantsAndCopiesFixtures() async throws {
        try await check(serving: [], scriptArguments: { _ in [StandInBinary.url.path] })
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func withAnAdminTokenThePageAsksForItOnceAndSendsIt() async throws {
        try await check(
            serving: ["--admin-token", "browser-s3cret"],
            scriptArguments: { _ in [StandInBinary.url.path, "browser-s3cret"] }
        )
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func sessionsFilterTheJournalAndTheVariantPickerActsOnTheChosenOne() async throws {
        try await check(serving: [], script: "dashboard_sessions_check.py", scriptArguments: { _ in [] })
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func aBurstAboveTheLiveCapShowsANoticeWhoseButtonLoadsTheJournal() async throws {
        try await check(serving: [], script: "dashboard_skipped_check.py", scriptArguments: { _ in [] })
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func entriesAreColouredByWhatTheAnswerMeantWithTheEnvelopeCodeAndTheFaultByName() async throws {
        let account = """
            { "request": { "path": "/account" }, "response": { "envelope": { "data": { "name": "Ada" } } },
              "variants": { "frozen": { "envelope": { "code": 40001, "message": "account frozen" } },
                            "gone": { "status": 404, "envelope": { "code": 40400, "message": "no such account" } },
                            "down": { "status": 503 }, "hang": { "fault": "timeout" } } }
            """
        try await check(
            serving: ["--max-hold", "1s"],
            mocks: ["account.json": account],
            script: "dashboard_outcomes_check.py",
            scriptArguments: { _ in [] }
        )
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func entriesNameTheGraphQLOperationsTheyAskedFor() async throws {
        let getUser = """
            { "request": { "path": "/graphql", "graphql": { "operationName": "GetUser" } },
              "response": { "graphql": { "data": { "user": { "id": "42" } } } } }
            """
        try await check(
            serving: [],
            mocks: ["GetUser.json": getUser],
            script: "dashboard_graphql_check.py",
            scriptArguments: { _ in [] }
        )
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func theButtonsClearTheJournalResetAndReloadThroughTheAdminAPI() async throws {
        try await check(serving: [], script: "dashboard_buttons_check.py", scriptArguments: { [$0.path] })
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func withAnAdminTokenTheButtonsSendIt() async throws {
        try await check(
            serving: ["--admin-token", "browser-s3cret"],
            script: "dashboard_buttons_check.py",
            scriptArguments: { [$0.path, "browser-s3cret"] }
        )
    }

    @Test(
        .enabled(BrowserCheck.requirement, BrowserCheck.canRun),
        .timeLimit(.minutes(10))
    )
    func copyAsFixtureKeepsTheFallbackBackendsEnvelopeAndAddsItInOneClick() async throws {
        let backend = try temporaryMocks([
            "account.json": """
            { "request": { "path": "/account" },
              "response": { "envelope": { "code": 40001, "message": "account frozen", "data": { "name": "Ada" } } } }
            """
        ])
        defer { try? FileManager.default.removeItem(at: backend) }
        let upstream = try await ServeProcess(["--mocks", backend.path, "--quiet", "--no-watch"])
        defer { upstream.stop() }
        try await check(
            serving: ["--fallback-upstream", "http://127.0.0.1:\(upstream.port)"],
            mocks: [:],
            script: "dashboard_proxied_check.py",
            scriptArguments: { _ in [StandInBinary.url.path] }
        )
    }

    /// The fixtures most scripts expect: GET /greeting with the variant "formal", and GET /users/{id}.
    private static let sample = [
        "greeting.json": """
        { "request": { "path": "/greeting" }, "response": { "json": { "text": "hello" } },
          "variants": { "formal": { "json": { "text": "good day" } } } }
        """,
        "users/get.json": """
        { "request": { "path": "/users/{id}" }, "response": { "json": { "id": "{{path.id}}" } } }
        """,
    ]

    /// Runs the browser script `script` against a server started with `arguments`, serving `files` (see
    /// `BrowserCheck.run`).
    private func check(
        serving arguments: [String],
        mocks files: [String: String] = sample,
        script: String = "dashboard_check.py",
        scriptArguments: (URL) -> [String]
    ) async throws {
        try await BrowserCheck.run(script, serving: arguments, mocks: files, scriptArguments: scriptArguments)
    }
}
