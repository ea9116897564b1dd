import Foundation
import Logging
import MockServer
import NetworkCore
import ServerTestSupport

/// Starts a real server on a free port with a temporary mocks directory holding `files` (path → contents), runs
/// `body` with the server's base URL and the directory, and always stops the server and removes the directory.
func withServer(
    _ files: [String: String],
    _ body: (_ base: URL, _ mocks: URL) async throws -> Void
) async throws {
    try await withTemporaryMocks(files) { directory in
        try await withServer(mocks: directory) { base in try await body(base, directory) }
    }
}

/// Starts a real server on a free port serving `mocks` as it is, runs `body` with its base URL, and always stops it.
func withServer(mocks: URL, _ body: (_ base: URL) async throws -> Void) async throws {
    try await withRunningServer(MockServerConfiguration(mocksDirectory: mocks, strict: true, accessLog: false), body)
}

/// The repository's sample `Mocks/`, which the README and docs/sample-api.md walk through.
let sampleMocks = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Mocks")

/// A base URL on which nothing listens: the port of a server that was started and stopped again.
func closedPortURL() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = MockServerConfiguration(mocksDirectory: directory, port: 0, accessLog: false)
    let server = try MockServer(configuration: configuration, logger: Logger(label: "test"))
    try server.start()
    let port = server.port
    server.stop()
    return URL(string: "http://127.0.0.1:\(port)")!
}

/// A client on a fresh URLSessionTransport.
func liveClient(
    _ base: URL,
    envelope: EnvelopeFormat = .standard,
    timeout: Duration = .seconds(10)
) -> APIClient {
    APIClient(baseURL: base, transport: URLSessionTransport(), envelope: envelope, timeout: timeout)
}
