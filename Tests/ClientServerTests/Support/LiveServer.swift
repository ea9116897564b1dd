import Foundation
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

/// A client on a fresh URLSessionTransport.
func liveClient(
    _ base: URL,
    envelope: EnvelopeFormat = .standard,
    timeout: Duration = .seconds(10)
) -> APIClient {
    APIClient(baseURL: base, transport: URLSessionTransport(), envelope: envelope, timeout: timeout)
}
