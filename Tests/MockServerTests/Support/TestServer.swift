import Foundation
import Logging
import MockServer
import ServerTestSupport
import StandInFixtures
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mocks directory these tests serve: `Tests/MockServerTests/Fixtures`, copied as a resource.
let testMocks = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

/// Starts a real server on a free port with `mocks`, runs `body` with its base URL, and always stops it.
func withServer(
    mocks: URL = testMocks,
    host: String = "127.0.0.1",
    strict: Bool = false,
    limits: ServerLimits = ServerLimits(),
    simulation: SimulationSettings = SimulationSettings(),
    adminToken: String? = nil,
    journalSize: Int = 10_000,
    journalBytes: Int = 64 * 1024 * 1024,
    watch: Bool = false,
    threads: Int = 1,
    maxSessions: Int = MockServerConfiguration.defaultMaxSessions,
    logger: Logger = Logger(label: "test"),
    _ body: (URL) async throws -> Void
) async throws {
    var configuration = MockServerConfiguration(
        mocksDirectory: mocks,
        host: host,
        threads: threads,
        strict: strict,
        accessLog: false,
        limits: limits,
        simulation: simulation,
        adminToken: adminToken,
        journalSize: journalSize,
        journalBytes: journalBytes,
        watch: watch
    )
    configuration.maxSessions = maxSessions
    try await withRunningServer(configuration, logger: logger, body)
}

/// A response read through URLSession.
struct FetchedResponse {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body parsed as a JSON object.
    func object() throws -> [String: Any] { try json() }

    /// The body parsed as a JSON object.
    func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
    }
}

/// Sends one request with a fresh ephemeral URLSession. An admin write without a `Content-Type` says
/// `application/json`, as `StandInAdmin` does (the admin API refuses any other). The default timeout is a safety net,
/// not a claim about speed: on a busy machine an answer can take seconds.
func fetch(
    _ base: URL,
    _ pathAndQuery: String,
    method: String = "GET",
    headers: [String: String] = [:],
    body: Data? = nil,
    timeout: TimeInterval = 60
) async throws -> FetchedResponse {
    var request = URLRequest(url: URL(string: base.absoluteString + pathAndQuery)!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if pathAndQuery.hasPrefix("/__standin/"), ["POST", "PUT"].contains(method),
        request.value(forHTTPHeaderField: "Content-Type") == nil
    {
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response): (Data, URLResponse)
    do {
        (data, response) = try await session.exchange(for: request)
    } catch let error as URLError where error.code == .cannotConnectToHost {
        throw ConnectFailure(underlying: error, port: base.port ?? 80)
    }
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields { fields[name] = value }
    return FetchedResponse(status: http.statusCode, headers: fields, body: data)
}

/// A temporary mocks directory with the given files (path → contents), removed after `body`.
func withMocks(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
    try await withTemporaryMocks(files, body)
}
