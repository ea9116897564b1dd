import Foundation
import NetworkCore
import ServerTestSupport
import Testing

// docs/client.md's examples and the README's Swift example, run against the sample Mocks/ they describe.

struct UserInfo: Decodable, Sendable {
    let id: String
    let name: String
}

struct Session: Decodable, Sendable {
    let token: String
}

enum API {
    enum User {
        struct Info: Endpoint {
            typealias Response = UserInfo
            var path: String { "/user/info" }
        }

        struct Login: Endpoint {
            typealias Response = Session
            let username: String
            let password: String
            var method: HTTPRequest.Method { .post }
            var path: String { "/user/login" }
            var body: RequestBody? { .json(["username": username, "password": password]) }
        }

        struct Logout: Endpoint {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .post }
            var path: String { "/user/logout" }
        }
    }

    enum Articles {
        struct List: Endpoint {
            typealias Response = JSONValue
            var page = 1
            var path: String { "/articles" }
            var query: [URLQueryItem] { [URLQueryItem(name: "page", value: String(page))] }
        }
    }
}

enum AppError: Error, Equatable {
    case wrongPassword
    case sessionExpired
    case offline
}

/// Maps the backend's known failures to the app's errors; everything else stays a NetworkError.
let appErrors: @Sendable (NetworkError) -> any Error = { error in
    switch error {
    case .server(40001, _, _): AppError.wrongPassword
    case .http(.unauthorized, _, _), .server(40101, _, _): AppError.sessionExpired
    case _ where error.isConnectivity: AppError.offline
    default: error
    }
}

/// A client-wide place that sees every response: here, a 401 that survived the token refresh signs the user out.
struct SessionWatcher: Middleware {
    let onSignedOut: @Sendable () -> Void

    func intercept(
        _ request: ClientRequest,
        next: @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let response = try await next(request)
        if response.head.status == .unauthorized { onSignedOut() }
        return response
    }
}

/// A token store with a fixed token that cannot be refreshed.
actor FixedTokens: TokenStore {
    let token: String?

    init(_ token: String?) { self.token = token }

    func accessToken() -> String? { token }
    func refreshAccessToken() -> String? { nil }
}

@Suite struct SampleMocksTests {
    @Test func loginReturnsASession() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base)
            let session = try await client.send(API.User.Login(username: "ada", password: "secret"))
            #expect(session.token.hasPrefix("tok_"))
        }
    }

    @Test func wrongPasswordIsABusinessError() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base)
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(API.User.Login(username: "ada", password: "wrong"))
            }
            #expect(error?.businessCode == 40001)
        }
    }

    @Test func errorMapperTurnsCodesIntoAppErrors() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base, errorMapper: appErrors)
            await #expect(throws: AppError.wrongPassword) {
                try await client.send(API.User.Login(username: "ada", password: "wrong"))
            }
            await #expect(throws: AppError.sessionExpired) { try await client.send(API.User.Info()) }
        }
    }

    @Test func tokenFromTheStoreUnlocksUserInfo() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base, middleware: [AuthMiddleware(tokens: FixedTokens("abc"))])
            #expect(try await client.send(API.User.Info()).name == "Ada Lovelace")
        }
    }

    @Test func sessionWatcherSeesTheUnrefreshable401() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let signedOut = Flag()
            let client = APIClient(
                baseURL: base,
                middleware: [
                    SessionWatcher { signedOut.set() },
                    AuthMiddleware(tokens: FixedTokens(nil), refreshCodes: [40101]),
                ]
            )
            let error = await #expect(throws: NetworkError.self) { try await client.send(API.User.Info()) }
            #expect(error?.status == .unauthorized)
            #expect(signedOut.isSet)
        }
    }

    @Test func articlesReadDynamically() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base)
            let page = try await client.send(API.Articles.List())
            #expect(page["items"]?[0]?["title"]?.stringValue == "Mocking without tears")
            #expect(page["total"]?.intValue == 3)
            let second = try await client.send(API.Articles.List(page: 2))
            #expect(second["items"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func logoutIsEmpty() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(
                baseURL: base,
                envelope: try EnvelopeFormat(contentsOfMocksDirectory: sampleMocks)
            )
            #expect(try await client.send(API.User.Logout()) == EmptyResponse())
        }
    }
}

/// A flag set from any thread.
final class Flag: @unchecked Sendable {
    // Safe: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
