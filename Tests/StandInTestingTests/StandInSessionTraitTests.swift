import Foundation
import StandInSupport
import StandInTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sixteen tests in parallel on one StandIn, each with a session of its own through `.standInSession`: each sets its
/// own variant and reads only its own journal.
@Suite(.liveStandIn, .standInSession) struct ParallelSessionTests {
    @Test(arguments: 0..<16) func eachTestHasItsOwnVariantAndJournal(index: Int) async throws {
        let session = try #require(StandInSession.current)
        let expired = index.isMultiple(of: 2)
        if expired { try await session.setVariant("expired-token", for: "GET /users/{id}") }
        #expect(try await envelopeCode(session.baseURL, "/users/\(index)") == (expired ? 40101 : 0))
        let seen = try await session.requests()
        #expect(seen.map(\.path) == ["/users/\(index)"])
        try await session.verify(.get("/users/\(index)"))
        #expect(session.launchEnvironment["STANDIN_BASE_URL"] == session.baseURL.absoluteString)
    }
}

/// What the trait records as issues: an unmatched request with its nearest fixture, and a StandIn that is not there.
/// Each runs the trait's scope inside `withKnownIssue`, which fails unless an issue it matches is recorded.
@Suite(.liveStandIn) struct StandInSessionIssueTests {
    @Test func anUnmatchedRequestBecomesAnIssueNamingTheNearestFixture() async throws {
        let server = try #require(StandInSession.serverURL)
        let trait = StandInSessionTrait.standInSession(on: server)
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let session = try #require(StandInSession.current)
                var request = URLRequest(url: session.baseURL.appending(path: "/orders"))
                request.httpMethod = "PUT"
                _ = try await URLSession.shared.exchange(for: request)
            }
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.hasPrefix("unmatched request: PUT /orders; nearest: order.json (POST /orders): ")
                    && comment.rawValue.contains("method")
            }
        }
    }

    @Test func withNoStandInTheTestRecordsHowToStartOneAndDoesNotRun() async throws {
        let nowhere = try #require(URL(string: "http://127.0.0.1:1"))
        let trait = StandInSessionTrait.standInSession(on: nowhere)
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                Issue.record("the test ran without a session")
            }
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.hasPrefix("no StandIn answers at http://127.0.0.1:1 (")
                    && comment.rawValue.contains("start one with `standin serve`")
            }
        }
    }
}
