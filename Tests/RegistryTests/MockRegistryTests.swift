import Foundation
import NetworkCore
import NetworkTestSupport
import ServerTestSupport
import StandInFixtures
import Testing

private struct Profile: Codable, Sendable, Equatable {
    let id: Int
    let nickname: String
}

private enum API {
    struct Profile: Endpoint {
        typealias Response = RegistryTests_Profile
        let id: Int
        var path: String { "/profiles/\(id)" }
    }

    struct Plain: Endpoint {
        typealias Response = RegistryTests_Profile
        var path: String { "/plain" }
        var responseFormat: ResponseFormat { .plain }
    }

    struct Slow: Endpoint {
        typealias Response = JSONValue
        var path: String { "/slow" }
    }
}

private typealias RegistryTests_Profile = Profile

@Suite struct MockRegistryTests {
    private let base = URL(string: "https://api.example.com/v1")!

    @Test func registeredResponsesAnswerInAnEnvelope() async throws {
        let registry = MockRegistry()
        try registry.register(API.Profile(id: 1), response: Profile(id: 1, nickname: "ada"))
        try registry.register(API.Plain(), response: Profile(id: 2, nickname: "bob"))
        let client = APIClient(baseURL: base, transport: registry)
        #expect(try await client.send(API.Profile(id: 1)) == Profile(id: 1, nickname: "ada"))
        #expect(try await client.send(API.Plain()) == Profile(id: 2, nickname: "bob"))
        let missing = try await networkError { try await client.send(API.Profile(id: 2)) }
        #expect(missing.status == .notFound)
        #expect(envelopeMessage(missing) == "no fixture matches GET /v1/profiles/2")
    }

    @Test func registeredErrorsAreServerAndHTTPErrors() async throws {
        let registry = MockRegistry()
        registry.register(API.Profile(id: 1), error: .server(code: 40101, message: "token expired"))
        registry.register(API.Profile(id: 2), error: .http(status: 503, message: "maintenance"))
        let client = APIClient(baseURL: base, transport: registry)
        let business = try await networkError { try await client.send(API.Profile(id: 1)) }
        let server = try #require(business.serverFields, "expected .server, got \(business)")
        #expect(server.code == 40101)
        #expect(server.message == "token expired")
        #expect(server.requestID?.isEmpty == false)
        let unavailable = try await networkError { try await client.send(API.Profile(id: 2)) }
        #expect(unavailable.status == .serviceUnavailable)
        #expect(envelopeMessage(unavailable) == "maintenance")
    }

    @Test func registrationsTakePrecedenceOverFiles() async throws {
        let file = #"""
            { "request": { "path": "/profiles/{id}" },
              "response": { "envelope": { "data": { "id": 7, "nickname": "from file" } } } }
            """#
        try await withMocks(["profiles.json": file]) { directory in
            let registry = try MockRegistry(directory: directory)
            let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: registry)
            #expect(try await client.send(API.Profile(id: 7)).nickname == "from file")
            try registry.register(API.Profile(id: 7), response: Profile(id: 7, nickname: "in code"))
            #expect(try await client.send(API.Profile(id: 7)).nickname == "in code")
            #expect(try await client.send(API.Profile(id: 8)).nickname == "from file")
        }
    }

    @Test func sessionsOfASharedRegistryKeepTheirOwnVariantsSequencesAndStubs() async throws {
        let file = #"""
            { "request": { "path": "/profiles/{id}" },
              "sequence": [ { "envelope": { "data": { "id": 1, "nickname": "first" } } },
                            { "envelope": { "data": { "id": 1, "nickname": "second" } } } ],
              "variants": { "banned": { "envelope": { "code": 40300, "message": "banned" } } } }
            """#
        try await withMocks(["profiles.json": file]) { directory in
            let shared = try MockRegistry(directory: directory)
            let one = shared.session()
            let other = shared.session()
            let base = URL(string: "https://api.example.com")!
            let oneClient = APIClient(baseURL: base, transport: one)
            let otherClient = APIClient(baseURL: base, transport: other)
            #expect(try await oneClient.send(API.Profile(id: 1)).nickname == "first")
            try one.setVariant("banned", for: "GET /profiles/{id}")
            one.register(API.Plain(), error: .http(status: 503))
            #expect(try await networkError { try await oneClient.send(API.Profile(id: 1)) }.businessCode == 40300)
            #expect(try await otherClient.send(API.Profile(id: 1)).nickname == "first")
            #expect(try await otherClient.send(API.Profile(id: 1)).nickname == "second")
            try other.register(API.Plain(), response: Profile(id: 2, nickname: "bob"))
            #expect(try await otherClient.send(API.Plain()).nickname == "bob")
            let sharedClient = APIClient(baseURL: base, transport: shared)
            #expect(try await sharedClient.send(API.Profile(id: 1)).nickname == "first")
        }
    }

    @Test func variantsAreChosenPerEndpointOrForTheRegistryAndReset() async throws {
        let file = #"""
            { "request": { "path": "/profiles/{id}" },
              "sequence": [ { "envelope": { "data": { "id": 1, "nickname": "first" } } },
                            { "envelope": { "data": { "id": 1, "nickname": "second" } } } ],
              "variants": { "banned": { "envelope": { "code": 40300, "message": "banned" } } } }
            """#
        try await withMocks(["profiles.json": file]) { directory in
            let registry = try MockRegistry(directory: directory)
            let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: registry)
            #expect(try await client.send(API.Profile(id: 1)).nickname == "first")
            #expect(try await client.send(API.Profile(id: 1)).nickname == "second")
            try registry.setVariant("banned", for: "GET /profiles/{id}")
            #expect(try await networkError { try await client.send(API.Profile(id: 1)) }.businessCode == 40300)
            registry.reset()
            #expect(try await client.send(API.Profile(id: 1)).nickname == "first")
            try registry.setVariant("banned")
            #expect(try await networkError { try await client.send(API.Profile(id: 1)) }.businessCode == 40300)
            try registry.setVariant(nil)
            #expect(try await client.send(API.Profile(id: 1)).nickname == "second")
        }
    }

    @Test func aVariantThatDoesNotExistIsRefusedNamingTheOnesThatDo() async throws {
        let file = #"""
            { "request": { "path": "/profiles/{id}" }, "response": { "json": {} },
              "variants": { "banned": { "status": 403 }, "gone": { "status": 410 } } }
            """#
        try await withMocks(["profiles.json": file]) { directory in
            let registry = try MockRegistry(directory: directory)
            let wrongName = #expect(throws: (any Error).self) {
                try registry.setVariant("baned", for: "GET /profiles/{id}")
            }
            #expect(wrongName.map { "\($0)" } == #"GET /profiles/{id} has no variant "baned"; it has: banned, gone"#)
            let wrongEndpoint = #expect(throws: (any Error).self) {
                try registry.setVariant("banned", for: "GET /profile/{id}")
            }
            #expect(wrongEndpoint.map { "\($0)" }?.contains("the endpoints are: GET /profiles/{id}") == true)
            let nowhere = #expect(throws: (any Error).self) { try registry.setVariant("absent") }
            #expect(nowhere.map { "\($0)" } == #"no fixture has a variant "absent"; the variants are: banned, gone"#)
            try registry.setVariant(nil, for: "GET /nowhere")
        }
    }

    @Test func brokenFilesAreReported() async throws {
        try await withMocks(["broken.json": #"{ "request": { "path": "/x" } }"#]) { directory in
            #expect(throws: MockRegistry.LoadError.self) { try MockRegistry(directory: directory) }
        }
    }

    /// The call ends as cancelled, not at the end of its delay of half an hour or at the client's timeout of two hours
    /// (which the time limit stops short of): the error says which, however long a loaded machine takes to run it.
    @Test(.timeLimit(.minutes(10))) func delaysAreHonouredAndCancellable() async throws {
        try await withSlowFixture(#""delay": "1800s""#, timeout: .seconds(7200)) { client in
            let task = Task { try await client.send(API.Slow()) }
            try await Task.sleep(for: .milliseconds(50))
            task.cancel()
            let error = try await networkError { try await task.value }
            #expect(error.isCancellation)
        }
    }

    @Test func shortDelaysAreWaitedOut() async throws {
        try await withSlowFixture(#""delay": "150ms""#) { client in
            let clock = ContinuousClock()
            let started = clock.now
            _ = try await client.send(API.Slow())
            #expect(clock.now - started >= .milliseconds(150))
        }
    }

    @Test func timeoutFaultTimesOutAfterTheRequestsTimeout() async throws {
        try await withSlowFixture(#""fault": "timeout""#, timeout: .milliseconds(200)) { client in
            let error = try await networkError { try await client.send(API.Slow()) }
            guard case .transport(.timedOut) = error else {
                Issue.record("expected .transport(.timedOut), got \(error)")
                return
            }
        }
    }

    /// Runs `body` with a client on a registry whose one fixture answers `GET /slow` with an empty envelope and
    /// `simulation` (members of the fixture's `response`, such as a delay or a fault).
    private func withSlowFixture(
        _ simulation: String,
        timeout: Duration = .seconds(60),
        _ body: (APIClient) async throws -> Void
    ) async throws {
        let file = #"{ "request": { "path": "/slow" }, "response": { "envelope": {}, "# + simulation + " } }"
        try await withMocks(["slow.json": file]) { directory in
            let registry = try MockRegistry(directory: directory)
            let base = URL(string: "https://api.example.com")!
            try await body(APIClient(baseURL: base, transport: registry, timeout: timeout))
        }
    }
}
