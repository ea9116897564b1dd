import Foundation
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `standin serve --fallback-upstream`, end to end through the binary.
@Suite struct FallbackUpstreamCommandTests {
    @Test func aProxiedRequestIsMarkedInTheAccessLog() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-fallback-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = directory.appendingPathComponent("backend")
        let front = directory.appendingPathComponent("front")
        try FileManager.default.createDirectory(at: backend, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: front, withIntermediateDirectories: true)
        try Data(#"{ "request": { "path": "/real" }, "response": { "text": "real" } }"#.utf8)
            .write(to: backend.appendingPathComponent("real.json"))
        let upstream = try await ServeProcess(["--mocks", backend.path, "--quiet", "--threads", "1"])
        defer { upstream.stop() }
        let server = try await ServeProcess([
            "--mocks", front.path, "--threads", "1", "--fallback-upstream", "http://127.0.0.1:\(upstream.port)",
        ])
        let (data, response) = try await URLSession.shared.exchange(
            from: URL(string: "http://127.0.0.1:\(server.port)/real")!
        )
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "real")
        #expect(await server.interrupt() == 0)
        #expect(server.text.contains(#/GET /real 200 PROXIED \d+\.\d\dms/#), "\(server.text)")
    }

    @Test func aFallbackThatIsNotAnHTTPURLIsRefused() async throws {
        let result = try await StandInBinary.run(["serve", "--port", "0", "--fallback-upstream", "ftp://example.com"])
        #expect(result.status != 0)
        #expect(result.error.contains("--fallback-upstream must be an http or https URL"))
    }
}
