import Foundation
@_exported import StandInClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A StandIn session for one test: a port of its own on a running StandIn (`baseURL`), with its own variants,
/// run-time fixtures, sequences and journal, so that tests running in parallel never see each other's requests.
///
/// Made for a test by the `.standInSession` trait (Swift Testing) or `StandInTestCase` (XCTest), and reached there as
/// `StandInSession.current`. The StandIn it talks to is `StandInSession.serverURL` when set, else the `STANDIN_URL`
/// environment variable, else `http://127.0.0.1:8080`.
public final class StandInSession: Sendable {
    /// The session of the test running now; nil outside a test with `.standInSession` or `StandInTestCase`.
    @TaskLocal public static var current: StandInSession?

    /// The StandIn sessions are started on, overriding `STANDIN_URL` for the task (a suite that starts its own).
    @TaskLocal public static var serverURL: URL?

    /// The StandIn a new session starts on: `serverURL`, else `STANDIN_URL`, else `http://127.0.0.1:8080`.
    public static var server: URL {
        if let serverURL { return serverURL }
        if let text = ProcessInfo.processInfo.environment["STANDIN_URL"], let url = URL(string: text) { return url }
        return URL(string: "http://127.0.0.1:8080")!
    }

    /// The admin client of the session: every call acts on the session alone.
    public let admin: StandInAdmin

    private init(admin: StandInAdmin) {
        self.admin = admin
    }

    /// Starts a session named `name` on the StandIn at `server`. Throws `StandInUnavailable` (a sentence saying how
    /// to start one) when nothing answers there.
    public static func start(name: String, on server: URL = StandInSession.server) async throws -> StandInSession {
        let shared = StandInAdmin(baseURL: server)
        do {
            return StandInSession(admin: try await shared.startSession(name: shortened(name)))
        } catch let error as URLError {
            throw StandInUnavailable(server: server, reason: error.localizedDescription)
        }
    }

    /// `name` cut to the 200 bytes of UTF-8 a session name may take, at a character's end.
    private static func shortened(_ name: String) -> String {
        var short = ""
        for character in name {
            guard short.utf8.count + character.utf8.count <= 200 else { break }
            short.append(character)
        }
        return short
    }

    /// The session's own base URL: point the app or the client under test here.
    public var baseURL: URL { admin.baseURL }

    /// The session's HTTPS base URL, on a StandIn with a TLS port; nil otherwise.
    public var tlsBaseURL: URL? { admin.tlsBaseURL }

    /// For an app under XCUITest: `STANDIN_BASE_URL` (and `STANDIN_TLS_BASE_URL` with a TLS port), to pass as the
    /// application's `launchEnvironment` and read there as the API's base URL.
    public var launchEnvironment: [String: String] {
        var environment = ["STANDIN_BASE_URL": baseURL.absoluteString]
        environment["STANDIN_TLS_BASE_URL"] = tlsBaseURL?.absoluteString
        return environment
    }

    /// Selects `variant` (nil: the default answer) for `endpoint` (`"GET /users/{id}"`) in this session.
    public func setVariant(_ variant: String?, for endpoint: String) async throws {
        try await admin.setVariant(variant, for: endpoint)
    }

    /// Adds a fixture (a fixture file's JSON) to this session; returns its id.
    @discardableResult
    public func addFixture(_ json: String) async throws -> String {
        try await admin.addFixture(json)
    }

    /// The session's journaled requests `filter` accepts, oldest first.
    public func requests(matching filter: RequestFilter = .any) async throws -> [RecordedRequest] {
        try await admin.requests(matching: filter)
    }

    /// Checks that the session received exactly `count` requests matching `filter`; the failure names the nearest.
    public func verify(_ filter: RequestFilter, count: Int = 1) async throws {
        try await admin.verify(filter, count: count)
    }

    /// Checks that the session received at least `minimum` requests matching `filter`.
    public func verify(_ filter: RequestFilter, atLeast minimum: Int) async throws {
        try await admin.verify(filter, atLeast: minimum)
    }

    /// Ends the session (its port closes) and returns each request it could not match, with the nearest fixture and
    /// what differed, for the test to report.
    public func end() async throws -> [String] {
        let unmatched = try await admin.requests(matching: .unmatched)
        try await admin.end()
        return unmatched.map { "unmatched request: \($0.unmatchedDescription)" }
    }
}

/// Nothing answers at the StandIn URL: a sentence that says how to start one.
public struct StandInUnavailable: Error, Sendable, CustomStringConvertible {
    /// Where a StandIn was expected.
    public let server: URL
    /// What the connection attempt said.
    public let reason: String

    public var description: String {
        "no StandIn answers at \(server.absoluteString) (\(reason)): start one with `standin serve` (or "
            + "`./scripts/serve.sh` in the StandIn repository), or set STANDIN_URL to the one that runs"
    }
}
