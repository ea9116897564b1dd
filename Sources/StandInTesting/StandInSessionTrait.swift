import Foundation
import Testing

/// The `.standInSession` trait: each test it applies to (directly, or through its suite) runs with a StandIn session
/// of its own, `StandInSession.current`, which ends after the test. Every request the session could not match becomes
/// an issue of the test, naming the request and the nearest fixture with what differed. With no StandIn to start a
/// session on, the test records one issue saying how to start one, and does not run.
///
/// ```swift
/// @Suite(.standInSession) struct ProfileTests {
///     @Test func expiredTokenShowsTheLogin() async throws {
///         let session = try #require(StandInSession.current)
///         try await session.setVariant("expired-token", for: "GET /users/{id}")
///         // … the code under test calls session.baseURL …
///     }
/// }
/// ```
public struct StandInSessionTrait: TestTrait, SuiteTrait, TestScoping {
    /// The StandIn to start sessions on; nil for `StandInSession.server`.
    let server: URL?

    /// Applied to a suite, every test in it gets a session of its own.
    public var isRecursive: Bool { true }

    /// A session per test case (each argument of a parameterized test has its own), none for a suite as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let session: StandInSession
        do {
            session = try await StandInSession.start(name: test.name, on: server ?? StandInSession.server)
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: test.sourceLocation)
            return
        }
        var failure: (any Error)?
        do {
            try await StandInSession.$current.withValue(session) { try await function() }
        } catch {
            failure = error
        }
        for unmatched in try await session.end() {
            Issue.record(Comment(rawValue: unmatched), sourceLocation: test.sourceLocation)
        }
        if let failure { throw failure }
    }
}

extension Trait where Self == StandInSessionTrait {
    /// A StandIn session per test, on the StandIn at `STANDIN_URL` (default `http://127.0.0.1:8080`).
    public static var standInSession: Self { StandInSessionTrait(server: nil) }

    /// A StandIn session per test, on the StandIn at `server`.
    public static func standInSession(on server: URL) -> Self { StandInSessionTrait(server: server) }
}
