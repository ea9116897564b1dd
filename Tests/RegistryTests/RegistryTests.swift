import Foundation
import NetworkCore
import NetworkTestSupport
import StandInFixtures
import Testing

private enum API {
    struct Me: Endpoint {
        typealias Response = TestUser
        var path: String { "/me" }
    }

    struct Variant: Endpoint {
        typealias Response = TestUser
        let name: String
        var path: String { "/users/1" }
        var headers: HTTPFields { [HTTPField.Name("X-StandIn-Variant")!: name] }
    }

}

private let userFixture = #"""
    { "request": { "path": "/users/{id}" },
      "response": { "envelope": { "data": { "id": "{{path.id}}", "name": "Ada" } } },
      "variants": { "guest": { "envelope": { "data": { "id": "0", "name": "Guest" } } } } }
    """#

private func fixture(path: String, response: String) -> String {
    #"{ "request": { "path": "\#(path)" }, "priority": 1, "response": \#(response) }"#
}

/// Every scenario runs twice over the same fixture files: through the real server with URLSessionTransport, and
/// through MockRegistry in process; the expectations are the same for both.
@Suite struct SameOutcomeTests {
    @Test(arguments: Mode.allCases) func successDecodesTheData(mode: Mode) async throws {
        try await withHost(["users/get.json": userFixture], mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            #expect(try await client.send(TestAPI.Users.Get(id: "42")) == TestUser(id: "42", name: "Ada"))
            let raw = try await client.send(TestAPI.Plain<JSONValue>(path: "/users/42"))
            #expect(raw["code"] == 0)
            #expect(raw["request_id"]?.stringValue?.isEmpty == false)
        }
    }

    @Test(arguments: Mode.allCases) func businessErrorIsAServerError(mode: Mode) async throws {
        let files = [
            "users/get.json": userFixture,
            "users/expired.json": fixture(
                path: "/users/expired",
                response: #"{ "envelope": { "code": 40101, "message": "token expired" } }"#
            ),
        ]
        try await withHost(files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let error = try await networkError { try await client.send(TestAPI.Users.Get(id: "expired")) }
            let server = try #require(error.serverFields, "expected .server, got \(error)")
            #expect(server.code == 40101)
            #expect(server.message == "token expired")
            #expect(server.requestID?.isEmpty == false)
        }
    }

    @Test(arguments: Mode.allCases) func notFoundAndServerErrorAreHTTPErrors(mode: Mode) async throws {
        let files = [
            "users/get.json": userFixture,
            "users/boom.json": fixture(path: "/users/boom", response: #"{ "status": 500, "text": "internal error" }"#),
            "users/gone.json": fixture(
                path: "/users/gone",
                response: #"{ "status": 404, "envelope": { "code": 404, "message": "no such user" } }"#
            ),
        ]
        try await withHost(files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let gone = try await networkError { try await client.send(TestAPI.Users.Get(id: "gone")) }
            #expect(gone.status == .notFound)
            #expect(envelopeMessage(gone) == "no such user")
            let broken = try await networkError { try await client.send(TestAPI.Users.Get(id: "boom")) }
            #expect(broken.status == .internalServerError)
            #expect(broken.localizedDescription == "The server answered HTTP 500 Internal Server Error: internal error")
        }
    }

    @Test(arguments: Mode.allCases) func malformedBodiesAreDecodingErrors(mode: Mode) async throws {
        let files = [
            "users/get.json": userFixture,
            "users/cut.json": fixture(
                path: "/users/cut",
                response: #"""
                    { "headers": { "Content-Type": "application/json" }, "text": "{\"code\":0,\"data\":{\"id\":\"1\"," }
                    """#
            ),
            "users/fault.json": fixture(
                path: "/users/fault",
                response: #"{ "json": { "code": 0, "data": { "id": "1", "name": "Ada" } }, "fault": "malformed-body" }"#
            ),
        ]
        try await withHost(files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let cut = try await networkError { try await client.send(TestAPI.Users.Get(id: "cut")) }
            guard case .decoding(_, let excerpt) = cut else {
                Issue.record("expected .decoding, got \(cut)")
                return
            }
            #expect(excerpt == #"{"code":0,"data":{"id":"1","#)
            let faulted = try await networkError { try await client.send(TestAPI.Users.Get(id: "fault")) }
            guard case .decoding(_, let truncated) = faulted else {
                Issue.record("expected .decoding, got \(faulted)")
                return
            }
            #expect(truncated == #"{"code":0,"data":{"i"#)
        }
    }

    @Test(arguments: Mode.allCases) func connectionResetIsConnectionLost(mode: Mode) async throws {
        let files = [
            "users/get.json": userFixture,
            "users/reset.json": fixture(
                path: "/users/reset",
                response: #"{ "status": 200, "fault": "connection-reset" }"#
            ),
        ]
        try await withHost(files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let error = try await networkError { try await client.send(TestAPI.Users.Get(id: "reset")) }
            guard case .transport(.connectionLost) = error else {
                Issue.record("expected .transport(.connectionLost), got \(error)")
                return
            }
        }
    }

    @Test(arguments: Mode.allCases) func retryOverASequenceSucceedsOnTheThirdCall(mode: Mode) async throws {
        let sequence = #"""
            { "request": { "path": "/users/{id}" },
              "sequence": [ { "status": 503, "text": "busy" }, { "status": 503, "text": "busy" },
                            { "envelope": { "data": { "id": "{{path.id}}", "name": "Ada" } } } ] }
            """#
        try await withHost(["users/get.json": sequence], mode) { base, transport, _ in
            let counter = AttemptCounter()
            let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5), jitter: 0))
            let client = APIClient(baseURL: base, transport: transport, middleware: [retry, counter])
            let user = try await client.send(TestAPI.Users.Get(id: "9"))
            #expect(user == TestUser(id: "9", name: "Ada"))
            #expect(counter.attempts == 3)
        }
    }

    @Test(arguments: Mode.allCases) func concurrentUnauthorizedCallsRefreshOnce(mode: Mode) async throws {
        let files = [
            "me/fresh.json": #"""
            { "request": { "path": "/me", "headers": { "Authorization": "Bearer fresh" } }, "priority": 1,
              "response": { "envelope": { "data": { "id": "1", "name": "Ada" } } } }
            """#,
            "me/stale.json": #"{ "request": { "path": "/me" }, "response": { "status": 401, "text": "expired" } }"#,
        ]
        try await withHost(files, mode) { base, transport, _ in
            let tokens = CountingTokens(token: "stale")
            let client = APIClient(baseURL: base, transport: transport, middleware: [AuthMiddleware(tokens: tokens)])
            let users = try await withThrowingTaskGroup(of: TestUser.self) { group in
                for _ in 0..<20 { group.addTask { try await client.send(API.Me()) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(users.count == 20)
            #expect(users.allSatisfy { $0 == TestUser(id: "1", name: "Ada") })
            #expect(await tokens.refreshes == 1)
        }
    }

    @Test(arguments: Mode.allCases) func renamedEnvelopeKeysComeFromStandinJSON(mode: Mode) async throws {
        let settings = #"""
            { "envelope": { "codeKey": "errcode", "messageKey": "errmsg", "dataKey": "result",
                            "requestIdKey": "trace_id", "successCode": 200, "successMessage": "ok" } }
            """#
        let files = [
            "standin.json": settings,
            "users/get.json": userFixture,
            "users/locked.json": fixture(
                path: "/users/locked",
                response: #"{ "envelope": { "code": 42300, "message": "account locked" } }"#
            ),
        ]
        try await withHost(files, mode) { base, transport, mocks in
            let format = try EnvelopeFormat(contentsOfMocksDirectory: mocks)
            #expect(format.dataKey == "result")
            let client = APIClient(baseURL: base, transport: transport, envelope: format)
            #expect(try await client.send(TestAPI.Users.Get(id: "7")) == TestUser(id: "7", name: "Ada"))
            let raw = try await client.send(TestAPI.Plain<JSONValue>(path: "/users/7"))
            #expect(raw["errcode"] == 200)
            #expect(raw["errmsg"] == "ok")
            #expect(raw["trace_id"]?.stringValue?.isEmpty == false)
            let error = try await networkError { try await client.send(TestAPI.Users.Get(id: "locked")) }
            #expect(error.businessCode == 42300)
            let missing = try await networkError { try await client.send(TestAPI.Plain<JSONValue>(path: "/nothing")) }
            #expect(envelopeMessage(missing, key: "errmsg")?.hasPrefix("no fixture matches GET /nothing") == true)
        }
    }

    @Test(arguments: Mode.allCases) func requestUnderAnotherMethodGets405WithTheNearMissDiagnosis(
        mode: Mode
    ) async throws {
        let files = [
            "users/get.json": userFixture,
            "users/create.json": #"""
            { "request": { "method": "POST", "path": "/users" }, "response": { "status": 201, "envelope": {} } }
            """#,
        ]
        try await withHost(files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let error = try await networkError { try await client.send(TestAPI.Plain<JSONValue>(path: "/users")) }
            guard case .http(let status, _, _) = error else {
                Issue.record("expected .http, got \(error)")
                return
            }
            #expect(status == .methodNotAllowed)
            #expect(
                envelopeMessage(error)
                    == "no fixture matches GET /users; nearest: users/create.json (POST /users): method is GET, fixture expects POST"
            )
        }
    }

    @Test(arguments: Mode.allCases) func variantsAreChosenByHeaderAndUnknownOnesAre400(mode: Mode) async throws {
        try await withHost(["users/get.json": userFixture], mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            #expect(try await client.send(API.Variant(name: "guest")) == TestUser(id: "0", name: "Guest"))
            let error = try await networkError { try await client.send(API.Variant(name: "nope")) }
            #expect(error.status == .badRequest)
            #expect(envelopeMessage(error)?.hasPrefix("X-StandIn-Variant: ") == true)
            #expect(envelopeMessage(error)?.contains("nope") == true)
        }
    }
}
