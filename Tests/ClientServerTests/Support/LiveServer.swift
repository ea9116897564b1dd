import Foundation
import NetworkCore

/// The repository's sample `Mocks/`, which the README and docs/sample-api.md walk through.
let sampleMocks = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Mocks")

/// A client on a fresh URLSessionTransport. Its timeout is a safety net (docs/TESTING.md), not a claim about speed: a
/// busy machine can hold a call for seconds.
func liveClient(
    _ base: URL,
    envelope: EnvelopeFormat = .standard,
    timeout: Duration = .seconds(60)
) -> APIClient {
    APIClient(baseURL: base, transport: URLSessionTransport(), envelope: envelope, timeout: timeout)
}
