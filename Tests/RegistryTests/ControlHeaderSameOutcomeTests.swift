import Foundation
import NetworkCore
import NetworkTestSupport
import StandInFixtures
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `GET /users/{id}` with control headers, for the client core.
private struct Controlled: Endpoint {
    typealias Response = TestUser
    var id = "1"
    let controls: [String: String]
    var path: String { "/users/\(id)" }
    var headers: HTTPFields {
        var fields = HTTPFields()
        for (name, value) in controls { fields[HTTPField.Name(name)!] = value }
        return fields
    }
}

/// A request's `X-StandIn-Delay`, `-Status` and `-Fault` headers, through the real server and through `MockRegistry`:
/// the same plan, and what the client core sees of it the same in both.
@Suite struct ControlHeaderSameOutcomeTests {
    private static let files = [
        "users/get.json": TestAPI.userFixture,
        "long.json": #"{ "request": { "path": "/long" }, "response": { "text": "\#(long)" } }"#,
    ]
    /// 300 bytes: a slow body at 1,024 bytes a second sends them in three pieces, 100 ms apart.
    private static let long = String(repeating: "x", count: 300)

    @Test(arguments: Mode.allCases) func statusHeaderReplacesTheStatus(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let error = try await networkError {
                try await client.send(Controlled(controls: ["X-StandIn-Status": "503"]))
            }
            #expect(error.status == .serviceUnavailable)
            let body = try await client.send(TestAPI.Plain<JSONValue>(path: "/users/1"))
            #expect(body["data"]?["name"] == "Ada")
        }
    }

    @Test(arguments: Mode.allCases) func delayHeaderHoldsTheAnswer(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let started = ContinuousClock.now
            let user = try await client.send(Controlled(controls: ["X-StandIn-Delay": "1s"]))
            #expect(ContinuousClock.now - started >= .seconds(1))
            #expect(user == TestUser(id: "1", name: "Ada"))
        }
    }

    @Test(arguments: Mode.allCases) func aDelayPastTheTimeoutTimesOut(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport, timeout: .milliseconds(300))
            let error = try await networkError {
                try await client.send(Controlled(controls: ["X-StandIn-Delay": "60s"]))
            }
            guard case .transport(.timedOut) = error else {
                Issue.record("expected .transport(.timedOut), got \(error)")
                return
            }
        }
    }

    @Test(arguments: Mode.allCases) func faultHeaderConnectionResetIsConnectionLost(mode: Mode) async throws {
        let error = try await fault("connection-reset", mode)
        guard case .transport(.connectionLost) = error else {
            Issue.record("expected .transport(.connectionLost), got \(error)")
            return
        }
    }

    @Test(arguments: Mode.allCases) func faultHeaderEmptyResponseIsWhatURLSessionReportsForAnEmptyReply(
        mode: Mode
    ) async throws {
        let error = try await fault("empty-response", mode)
        #if canImport(FoundationNetworking)
        guard case .transport(.other(let underlying)) = error, (underlying as? URLError)?.code == .badServerResponse
        else {
            Issue.record("expected .transport(.other(URLError(.badServerResponse))), got \(error)")
            return
        }
        #else
        guard case .transport(.connectionLost) = error else {
            Issue.record("expected .transport(.connectionLost), got \(error)")
            return
        }
        #endif
    }

    @Test(arguments: Mode.allCases) func faultHeaderTimeoutTimesOut(mode: Mode) async throws {
        let error = try await fault("timeout", mode, timeout: .milliseconds(300))
        guard case .transport(.timedOut) = error else {
            Issue.record("expected .transport(.timedOut), got \(error)")
            return
        }
    }

    @Test(arguments: Mode.allCases) func faultHeaderMalformedBodyIsADecodingError(mode: Mode) async throws {
        let error = try await fault("malformed-body", mode)
        guard case .decoding(_, let excerpt) = error else {
            Issue.record("expected .decoding, got \(error)")
            return
        }
        #expect(excerpt.hasPrefix(#"{"code":0,"#))
    }

    @Test(arguments: Mode.allCases) func faultHeaderSlowBodyDeliversTheWholeBodyAtTheRate(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let started = ContinuousClock.now
            let slow = try await exchange(transport, base, .get, "/long", headers: ["X-StandIn-Fault": "slow-body"])
            #expect(ContinuousClock.now - started >= .milliseconds(200))
            #expect(slow.head.status == .ok)
            #expect(String(decoding: slow.body, as: UTF8.self) == Self.long)
        }
    }

    @Test(arguments: Mode.allCases) func controlsThatCannotBeFollowedAre400NamingTheHeader(mode: Mode) async throws {
        let refusals = [
            ("X-StandIn-Status", "700", #"X-StandIn-Status: "700" is not within 100...599"#),
            ("X-StandIn-Fault", "nope", #"X-StandIn-Fault: unknown fault "nope"; use connection-reset"#),
            ("X-StandIn-Delay", "soon", "X-StandIn-Delay: "),
        ]
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            for (header, value, message) in refusals {
                let error = try await networkError { try await client.send(Controlled(controls: [header: value])) }
                #expect(error.status == .badRequest, "\(header)")
                #expect(
                    envelopeMessage(error)?.hasPrefix(message) == true,
                    "\(String(describing: envelopeMessage(error)))"
                )
            }
        }
    }

    /// The error the client core throws for `GET /users/1` with `X-StandIn-Fault: name`.
    private func fault(_ name: String, _ mode: Mode, timeout: Duration = .seconds(30)) async throws -> NetworkError {
        var error: NetworkError?
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport, timeout: timeout)
            error = try await networkError { try await client.send(Controlled(controls: ["X-StandIn-Fault": name])) }
        }
        return try #require(error)
    }
}
