import Foundation
import Logging
import MockServer

/// Starts a real server with `configuration` on a free port (whatever port it names), runs `body` with the
/// server's base URL, and always stops the server.
public func withRunningServer(
    _ configuration: MockServerConfiguration,
    logger: Logger = Logger(label: "test"),
    _ body: (URL) async throws -> Void
) async throws {
    var configuration = configuration
    configuration.port = 0
    let server = try MockServer(configuration: configuration, logger: logger)
    try server.start()
    defer { server.stop() }
    try await body(URL(string: "http://127.0.0.1:\(server.port)")!)
}
