import Foundation
import MockServer
import NetworkCore
import ServerTestSupport
import StandInFixtures
import Testing

/// Where a scenario's answers come from: the real server over HTTP, or `MockRegistry` in process.
enum Mode: String, CaseIterable, Sendable, CustomStringConvertible {
    case server
    case registry

    var description: String { rawValue }
}

/// Serves `files` in `mode` and runs `body` with a base URL, the transport to reach it and the mocks directory.
/// The server runs on a free port and is always stopped.
/// - Parameter seed: seeds the random template helpers (`--seed`).
func withHost(
    _ files: [String: String],
    _ mode: Mode,
    seed: UInt64? = nil,
    _ body: (_ base: URL, _ transport: any Transport, _ mocks: URL) async throws -> Void
) async throws {
    // The registry parses and answers in the caller's task: on a thread of its own (as a server's test runs), so
    // that a test sending it megabytes does not hold the threads every other test waits on.
    try await onOwnExecutor {
        try await withMocks(files) { directory in
            switch mode {
            case .server:
                try await withServer(mocks: directory, strict: true, simulation: SimulationSettings(seed: seed)) {
                    base in try await body(base, URLSessionTransport(), directory)
                }
            case .registry:
                let registry = try MockRegistry(directory: directory, seed: seed)
                try await body(URL(string: "https://api.example.com")!, registry, directory)
            }
        }
    }
}

/// Sends one request through `transport` and returns the answer; a request with a body, or a POST, says it is JSON.
func exchange(
    _ transport: any Transport,
    _ base: URL,
    _ method: HTTPRequest.Method,
    _ path: String,
    body: String? = nil,
    headers: [String: String] = [:]
) async throws -> TransportResponse {
    var head = HTTPRequest(
        method: method,
        scheme: base.scheme,
        authority: "\(base.host!):\(base.port ?? 80)",
        path: path
    )
    if body != nil || method == .post { head.headerFields[.contentType] = "application/json" }
    for (name, value) in headers { head.headerFields[HTTPField.Name(name)!] = value }
    // A safety net, not a measure: a loaded machine has taken more than 30 s over a megabyte the server parses.
    let request = TransportRequest(head: head, body: body.map { Data($0.utf8) }, timeout: .seconds(300))
    return try await transport.send(request)
}

/// The body of an answer parsed as a JSON object.
func jsonObject(_ response: TransportResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
}

/// The envelope message of an error answer's body.
func envelopeMessage(_ error: NetworkError, key: String = "message") -> String? {
    guard case .http(_, _, let body) = error,
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else { return nil }
    return object[key] as? String
}

/// A token store that counts refreshes; refreshing takes a little while so that concurrent calls overlap it.
actor CountingTokens: TokenStore {
    private var token: String?
    private(set) var refreshes = 0

    init(token: String?) {
        self.token = token
    }

    func accessToken() -> String? { token }

    func refreshAccessToken() async throws -> String? {
        refreshes += 1
        try await Task.sleep(for: .milliseconds(50))
        token = "fresh"
        return token
    }
}

/// Counts the attempts that pass through it (place it inside a retry middleware to count retries).
final class AttemptCounter: Middleware, @unchecked Sendable {
    // `@unchecked Sendable` is safe: `count` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    var attempts: Int { lock.withLock { count } }

    func intercept(
        _ request: ClientRequest,
        next: @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        lock.withLock { count += 1 }
        return try await next(request)
    }
}
