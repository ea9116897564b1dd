import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Network profiles through the real server: latency before the head, the body paced at the downlink, the upload
/// read at the uplink, jitter from the seed, and a loop that keeps answering while it paces. Times of the server's own
/// come from its journal (arrival to the last byte handed to the connection).
@Suite struct NetworkProfileTests {
    private static let big = String(repeating: "x", count: 256 * 1024)
    private static let files = [
        ProjectConfig.fileName:
            #"{ "networks": { "jittery": { "latency": "10ms", "jitter": "50ms" }, "trickle": { "down": "8kbps" } } }"#,
        "big.json": #"{ "request": { "path": "/big" }, "response": { "text": "\#(big)", "network": "3g" } }"#,
        "small.json": #"{ "request": { "path": "/small" }, "response": { "json": { "ok": true } } }"#,
        "upload.json":
            #"{ "request": { "method": "POST", "path": "/upload" }, "response": { "json": { "ok": true } } }"#,
    ]

    /// The journal's entries for `path`, oldest first.
    private func entries(_ base: URL, path: String) async throws -> [[String: Any]] {
        let journal = try await fetch(base, "/__standin/requests?path=\(path)").json()
        return journal["requests"] as? [[String: Any]] ?? []
    }

    @Test func aBodyUnder3gArrivesAt780kbps() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/big")
                #expect(response.body.count == 256 * 1024)
                let entry = try #require(try await entries(base, path: "/big").first)
                #expect((entry["simulation"] as? String)?.hasPrefix("network=3g delay=100ms") == true, "\(entry)")
                let bodyMilliseconds = try #require(entry["durationMs"] as? Double) - 100
                let kilobitsPerSecond = Double(256 * 1024 * 8) / bodyMilliseconds
                #expect((585...975).contains(kilobitsPerSecond), "\(kilobitsPerSecond) kbps")
            }
        }
    }

    @Test func theFirstByteWaitsForTheLatency() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let started = ContinuousClock.now
                let response = try await fetch(base, "/small", headers: ["X-StandIn-Network": "edge"])
                #expect(ContinuousClock.now - started >= .milliseconds(400))
                #expect(response.status == 200)
                let entry = try #require(try await entries(base, path: "/small").first)
                #expect((entry["durationMs"] as? Double ?? 0) >= 400, "\(entry)")
                #expect(entry["simulation"] as? String == "network=edge delay=400ms")
            }
        }
    }

    @Test func anUploadUnderEdgeIsReadNoFasterThan200kbps() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let started = ContinuousClock.now
                let response = try await fetch(
                    base,
                    "/upload",
                    method: "POST",
                    headers: ["X-StandIn-Network": "edge", "Content-Type": "application/octet-stream"],
                    body: Data(count: 64 * 1024)
                )
                #expect(response.status == 200)
                // 64 KB at 25,000 bytes a second is 2.6 s; the first tenth of a second's bytes may go at once.
                #expect(ContinuousClock.now - started >= .milliseconds(2_500))
            }
        }
    }

    @Test func jitterRepeatsForTheSameSeed() async throws {
        func delays(seed: UInt64) async throws -> [String] {
            var delays: [String] = []
            try await withMocks(Self.files) { mocks async throws in
                try await withServer(mocks: mocks, simulation: SimulationSettings(seed: seed, network: "jittery")) {
                    base async throws in
                    for _ in 0..<8 { _ = try await fetch(base, "/small") }
                    delays = try await entries(base, path: "/small").map { $0["simulation"] as? String ?? "" }
                }
            }
            return delays
        }
        let first = try await delays(seed: 42)
        #expect(first.count == 8)
        #expect(first == (try await delays(seed: 42)))
        #expect(first != (try await delays(seed: 7)))
        for details in first {
            let milliseconds = Int(details.dropFirst("network=jittery delay=".count).dropLast(2)) ?? -1
            #expect((10...60).contains(milliseconds), "\(details)")
        }
    }

    @Test func theRequestsNetworkWinsOverTheFixturesWhichWinsOverTheServers() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, simulation: SimulationSettings(network: "wifi")) { base async throws in
                _ = try await fetch(base, "/small")
                _ = try await fetch(base, "/small", headers: ["X-StandIn-Network": "lte"])
                let small = try await entries(base, path: "/small").map { $0["simulation"] as? String ?? "" }
                #expect(small == ["network=wifi delay=1ms", "network=lte delay=50ms"])
                _ = try await fetch(base, "/big")
                let big = try #require(try await entries(base, path: "/big").first)
                #expect((big["simulation"] as? String)?.hasPrefix("network=3g ") == true, "\(big)")
            }
        }
    }

    @Test func aRequestedNetworkThatWouldHoldPastMaxHoldIsRefusedUpFront() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, simulation: SimulationSettings(maxHold: .seconds(2))) {
                base async throws in
                // 256 KB at EDGE's 30,000 bytes a second is about nine seconds.
                let response = try await fetch(base, "/big", headers: ["X-StandIn-Network": "edge"])
                #expect(response.status == 400)
                let message = try response.json()["message"] as? String ?? ""
                #expect(message.hasPrefix("X-StandIn-Network: network \"edge\" would take "), "\(message)")
                #expect(message.hasSuffix("longer than the server's --max-hold of 2s"), "\(message)")
            }
        }
    }

    /// One loop paces a download and answers other requests in between: they are answered quickly on the server's
    /// clock while the download is still going (its journal entry is written only when it ends).
    @Test func oneThreadKeepsAnsweringWhileADownloadIsPaced() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, threads: 1) { base async throws in
                // 256 KB at 1,000 bytes a second: over four minutes, far longer than this test holds it.
                let download = try RawConnection(port: try #require(base.port), timeout: 60)
                defer { download.hangUp() }
                #expect(await download.send("GET /big HTTP/1.1\r\nHost: x\r\nX-StandIn-Network: trickle\r\n\r\n"))
                let first = await download.readAvailable()
                #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(first.prefix(200))")
                for _ in 0..<5 { #expect(try await fetch(base, "/small").status == 200) }
                let small = try await entries(base, path: "/small").compactMap { $0["durationMs"] as? Double }
                #expect(small.count == 5)
                #expect(small.sorted()[small.count / 2] <= 200, "\(small)")
                #expect(try await entries(base, path: "/big").isEmpty, "the download ended before the others")
            }
        }
    }
}
