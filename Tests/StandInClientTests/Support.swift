import Foundation
import Logging
import MockServer

/// Starts a server on a free port over a temporary mocks directory holding `files`, and always stops it.
func withStandIn(
    _ files: [String: String],
    adminToken: String? = nil,
    _ body: (URL) async throws -> Void
) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    for (path, contents) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    let configuration = MockServerConfiguration(
        mocksDirectory: directory,
        port: 0,
        accessLog: false,
        adminToken: adminToken,
        watch: false
    )
    let server = try MockServer(configuration: configuration, logger: Logger(label: "test"))
    try server.start()
    defer { server.stop() }
    try await body(URL(string: "http://127.0.0.1:\(server.port)")!)
}
