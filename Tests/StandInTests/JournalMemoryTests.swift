import Foundation
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The journal's byte budget and its clear, seen in the resident memory of a real `standin serve` process.
@Suite struct JournalMemoryTests {
    private static func send(_ method: String, _ url: URL, body: Data? = nil) async throws {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        _ = try await URLSession.shared.exchange(for: request)
    }

    @Test func journalStaysWithinItsByteBudgetAndClearingItFreesTheMemory() async throws {
        let server = try await ServeProcess([
            "--mocks", StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path, "--quiet", "--threads", "1",
            "--journal-bytes", String(16 * 1024 * 1024),
        ])
        defer { server.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let pid = server.process.processIdentifier
        let before = try #require(ServerProcessResources.residentBytes(of: pid))
        // 72 MB of bodies, 4.5 times the budget.
        let body = Data(repeating: UInt8(ascii: "j"), count: 60_000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...1_200 {
                group.addTask {
                    try await Self.send("POST", base.appendingPathComponent("/journal/\(number)"), body: body)
                }
                if number > 8 { try await group.next() }
            }
            try await group.waitForAll()
        }
        let full = try #require(ServerProcessResources.residentBytes(of: pid))
        #expect(full - before < 48 * 1024 * 1024, "grew by \(full - before) bytes with a 16 MiB journal")
        try await Self.send("DELETE", base.appendingPathComponent("/__standin/requests"))
        let cleared = try #require(ServerProcessResources.residentBytes(of: pid))
        #expect(full - cleared > 8 * 1024 * 1024, "clearing freed only \(full - cleared) bytes")
    }
}
