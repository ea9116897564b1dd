import Foundation
import NetworkCore
import StandInFixtures
import Testing

/// What is replayed is what the backend sent: JSON in its key order and number spelling, and a body that a digest
/// header covers, byte for byte.
@Suite struct ReplayFidelityTests {
    private func replay(_ exchange: RecordedExchange) async throws -> (file: String, answer: TransportResponse) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = FixtureRecorder(mocksDirectory: directory, into: "recorded", rules: RecordingRules())
        let id = try await recorder.record(exchange).fixtureID
        let file = try String(contentsOf: directory.appendingPathComponent(id), encoding: .utf8)
        let registry = try MockRegistry(directory: directory)
        let head = HTTPRequest(method: .get, scheme: "https", authority: "api", path: exchange.path)
        return (file, try await registry.send(TransportRequest(head: head)))
    }

    private func exchange(_ body: String, headers: [(String, String)]) -> RecordedExchange {
        RecordedExchange(
            method: "GET",
            path: "/item",
            status: 200,
            responseHeaders: [("Content-Type", "application/json")] + headers,
            responseBody: Array(body.utf8)
        )
    }

    @Test func jsonKeepsTheBackendsKeyOrderAndNumberSpelling() async throws {
        let (file, answer) = try await replay(
            exchange(#"{"zeta": 1, "alpha": 2.50, "mid": {"b": 1e3, "a": -0}}"#, headers: [])
        )
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"zeta":1,"alpha":2.50,"mid":{"b":1e3,"a":-0}}"#)
        let zeta = try #require(file.range(of: "zeta"))
        let alpha = try #require(file.range(of: "alpha"))
        #expect(zeta.lowerBound < alpha.lowerBound, "the file is in the backend's order too")
    }

    @Test(arguments: ["x-amz-crc32", "Content-MD5", "Content-Digest", "Repr-Digest", "Digest", "x-goog-hash"])
    func aBodyUnderADigestReplaysByteForByteWithItsDigest(_ digest: String) async throws {
        let body = "{\"Item\": {\"z\": {\"S\": \"1\"},\n \"a\": {\"N\": \"1.50\"}}}"
        let (_, answer) = try await replay(exchange(body, headers: [(digest, "digest-of-the-bytes")]))
        #expect(Array(answer.body) == Array(body.utf8))
        let name = try #require(HTTPField.Name(digest))
        #expect(answer.head.headerFields[name] == "digest-of-the-bytes")
    }

    @Test func aDigestIsDroppedWhenRedactionChangedTheBody() async throws {
        let body = #"{"access_token": "tok-1234-abcd", "user": "ada"}"#
        let (file, answer) = try await replay(exchange(body, headers: [("Content-MD5", "md5-of-the-bytes")]))
        #expect(!file.contains("tok-1234-abcd"))
        #expect(answer.head.headerFields[HTTPField.Name("Content-MD5")!] == nil, "a wrong digest would fail the client")
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"access_token":"<redacted>","user":"ada"}"#)
    }
}
