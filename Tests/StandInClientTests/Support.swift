import Foundation
import MockServer
import ServerTestSupport

/// Starts a server on a free port over a temporary mocks directory holding `files`, and always stops it.
func withStandIn(
    _ files: [String: String],
    adminToken: String? = nil,
    _ body: (URL) async throws -> Void
) async throws {
    try await withMocks(files) { directory in
        try await withServer(mocks: directory, adminToken: adminToken, body)
    }
}
