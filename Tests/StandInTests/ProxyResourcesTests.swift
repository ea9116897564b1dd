import Foundation
import ServerTestSupport
import Testing

/// A client that sends a real `standin serve --proxy-port` 10,000 `CONNECT`s, broken or cut short in every way
/// (`Tests/Interop/connect_flood.py`): each gets its answer, and the server's descriptors and memory come back to
/// where they were.
@Suite struct ProxyResourcesTests {
    private static let fixture = #"{"request": {"path": "/ping"}, "response": {"text": "pong"}}"#

    @Test(.enabled("needs /proc", { FileManager.default.fileExists(atPath: "/proc/self/status") }))
    func tenThousandConnectsLeaveDescriptorsAndMemoryFlat() async throws {
        try await withFolder { home in
            try await withMocks(["ping.json": Self.fixture]) { mocks in
                let server = try await ServeProcess(
                    [
                        "--mocks", mocks.path, "--no-watch", "--quiet", "--threads", "2", "--proxy-port", "0",
                        "--intercept", "api.example.com",
                    ],
                    environment: ["STANDIN_HOME": home.path]
                )
                defer { server.stop() }
                let proxyPort = try #require(
                    try #/proxy http://127\.0\.0\.1:(\d+)/#.firstMatch(in: server.text).flatMap { Int($0.output.1) }
                )
                let pid = server.process.processIdentifier
                let flood = { (count: Int) async throws -> [String: Int] in
                    let printed = try await PythonBackend.client(
                        "connect_flood.py",
                        ["\(proxyPort)", "api.example.com", "\(server.port)", "\(count)", "50"]
                    )
                    return try JSONDecoder().decode([String: Int].self, from: Data(printed.utf8))
                }
                // Warm up: the first tunnels grow the allocator's pools and the server's tables once, and each loop
                // opens its name resolver's socket.
                _ = try await flood(1_000)
                let descriptorsAtStart = try await ServerProcessResources.settledDescriptors(of: pid)
                let memoryBefore = try #require(ServerProcessResources.residentBytes(of: pid))
                let counts = try await flood(10_000)
                #expect(counts == ["200": 6_000, "400": 2_000, "pong": 2_000, "errors": 0], "\(counts)")
                let descriptorsAfter = try await ServerProcessResources.descriptors(
                    of: pid,
                    settlingAtMost: descriptorsAtStart
                )
                let memoryAfter = try #require(ServerProcessResources.residentBytes(of: pid))
                print(
                    "10,000 CONNECTs: fds \(descriptorsAtStart) -> \(descriptorsAfter); RSS \(memoryBefore) -> \(memoryAfter)"
                )
                #expect(
                    descriptorsAfter <= descriptorsAtStart,
                    "\(descriptorsAfter) open, \(descriptorsAtStart) at start"
                )
                #expect(
                    memoryAfter - memoryBefore < 8 * 1024 * 1024,
                    "resident memory grew by \(memoryAfter - memoryBefore) bytes over 10,000 CONNECTs"
                )
                let health = try await runToCompletion(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    [
                        "curl", "-sS", "--noproxy", "", "-x", "http://127.0.0.1:\(proxyPort)",
                        "http://api.example.com/ping",
                    ],
                    deadline: 30
                )
                #expect(health.output == "pong")
            }
        }
    }
}
