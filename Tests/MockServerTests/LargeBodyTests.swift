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

    @Test func clientsThatDoNotReadDoNotEachCostACopyOfTheBody() async throws {
        // Large enough that a copy per client stands far above what the tests running beside this one in the same
        // process allocate meanwhile (resident memory is the whole process's).
        let megabytes = 24
        try await Self.withBigFile(megabytes: megabytes) { mocks, _ async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(base, "/ping")
                let before = ResidentMemory.bytes()
                let stalled = try (0..<10).map { _ in try RawConnection(port: base.port!) }
                for connection in stalled { await connection.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n") }
                // Streamed answers are journaled once they start: wait until all ten have.
                for _ in 0..<200 {
                    let journal = try await fetch(base, "/__standin/requests?path=/big").json()
                    if journal["count"] as? Int == 10 { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                let growth = ResidentMemory.bytes() - before
                // A copy per client would be 240 MB: half of that is the bound. Sanitizers make resident memory
                // meaningless.
                if !ResidentMemory.isUnderSanitizer {
                    #expect(
                        growth < stalled.count * megabytes * 1_000_000 / 2,
                        "10 stalled readers grew the process by \(growth) bytes"
                    )
                }
                withExtendedLifetime(stalled) {}
                #expect(try await fetch(base, "/big").body.count == megabytes * 1_000_000)
            }
        }
    }
}
