import Foundation
import ServerTestSupport
import Testing

/// A large `file` body is sent in pieces as each client reads it: intact for a client that reads, and costing the
/// server one piece, not a copy of the body, for a client that does not.
@Suite struct LargeBodyTests {
    static let fixture = #"{ "request": { "path": "/big" }, "response": { "file": "_files/big.bin" } }"#

    /// A mocks directory serving `/big` from a file of `megabytes` MB: a megabyte of bytes 0...250 repeating, repeated.
    private static func withBigFile(megabytes: Int, _ body: (URL, Data) async throws -> Void) async throws {
        try await withMocks(["big.json": Self.fixture]) { mocks async throws in
            let megabyte = Data((0..<1_000_000).map { UInt8($0 % 251) })
            let bytes = (0..<megabytes).reduce(into: Data()) { data, _ in data += megabyte }
            try FileManager.default.createDirectory(
                at: mocks.appendingPathComponent("_files"),
                withIntermediateDirectories: true
            )
            try bytes.write(to: mocks.appendingPathComponent("_files/big.bin"))
            try await body(mocks, bytes)
        }
    }

    @Test func largeFileBodyArrivesIntact() async throws {
        try await Self.withBigFile(megabytes: 5) { mocks, bytes async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/big")
                #expect(response.status == 200)
                #expect(response.header("Content-Length") == String(bytes.count))
                #expect(response.body == bytes)
                let delayed = try await fetch(base, "/big", headers: ["X-StandIn-Delay": "10ms"])
                #expect(delayed.body == bytes)
            }
        }
    }

    /// Ten clients that ask for a 24 MB body and read none of it: measured in a process of its own (resident memory
    /// is the whole process's, and tests running beside this one would blur it), they cost far less than a copy each.
    @Test func clientsThatDoNotReadDoNotEachCostACopyOfTheBody() async throws {
        #if os(Linux)
        // Sanitizers make resident memory meaningless.
        if !ResidentMemory.isUnderSanitizer {
            let alone = try await AloneProcess.run("LargeBodyAlone")
            #expect(alone.status == 0, "\(alone.output)")
            let growth = try #require(Int(alone.report), "the measuring process reported nothing: \(alone.output)")
            // A copy per client would be 240 MB: half of that is the bound.
            let bound = Self.stalledClients * Self.stalledMegabytes * 1_000_000 / 2
            #expect(growth < bound, "\(Self.stalledClients) stalled readers grew the process by \(growth) bytes")
            return
        }
        #endif
        _ = try await Self.stalledReaders()
    }

    static let stalledClients = 10
    static let stalledMegabytes = 24

    /// Has `stalledClients` clients ask for a body of `stalledMegabytes` MB and read none of it, then checks that the
    /// server still answers it whole; returns how much resident memory grew while they waited.
    static func stalledReaders() async throws -> Int {
        var growth = 0
        try await Self.withBigFile(megabytes: stalledMegabytes) { mocks, _ async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(base, "/ping")
                let before = ResidentMemory.bytes()
                let stalled = try (0..<stalledClients).map { _ in try RawConnection(port: base.port!) }
                for connection in stalled { await connection.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n") }
                // Streamed answers are journaled once they start: wait until all have.
                for _ in 0..<200 {
                    let journal = try await fetch(base, "/__standin/requests?path=/big").json()
                    if journal["count"] as? Int == stalledClients { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                growth = ResidentMemory.bytes() - before
                withExtendedLifetime(stalled) {}
                #expect(try await fetch(base, "/big").body.count == stalledMegabytes * 1_000_000)
            }
        }
        return growth
    }
}

#if os(Linux)
/// Runs `LargeBodyTests.stalledReaders` in the process `clientsThatDoNotReadDoNotEachCostACopyOfTheBody` starts, and
/// reports the growth of resident memory.
@Suite(
    .enabled(
        if: AloneProcess.reportFile != nil,
        "runs only alone, in the process of clientsThatDoNotReadDoNotEachCostACopyOfTheBody"
    )
)
struct LargeBodyAlone {
    @Test func residentGrowthWithStalledReaders() async throws {
        let report = try #require(AloneProcess.reportFile)
        try writeFile(String(try await LargeBodyTests.stalledReaders()), to: report)
    }
}
#endif
