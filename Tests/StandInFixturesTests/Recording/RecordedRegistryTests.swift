import Foundation
import NetworkCore
import StandInFixtures
import Testing

/// What the recorder writes, replayed in process by `MockRegistry`.
@Suite struct RecordedRegistryTests {
    @Test func mockRegistryReplaysRecordedEnvelopesBinaryAndSequences() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = FixtureRecorder(mocksDirectory: directory, into: "recorded", rules: RecordingRules())
        let envelope = #"{"code":40101,"message":"token expired","data":null,"request_id":"seen"}"#
        let exchanges = [
            RecordedExchange(
                method: "GET",
                path: "/me",
                status: 200,
                responseHeaders: [("Content-Type", "application/json")],
                responseBody: Array(envelope.utf8)
            ),
            RecordedExchange(
                method: "GET",
                path: "/logo",
                status: 200,
                responseHeaders: [("Content-Type", "image/png")],
                responseBody: [0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]
            ),
            RecordedExchange(method: "GET", path: "/job", status: 503),
            RecordedExchange(method: "GET", path: "/job", status: 200, responseBody: Array("done".utf8)),
        ]
        for exchange in exchanges { _ = try await recorder.record(exchange) }
        let registry = try MockRegistry(directory: directory)
        func get(_ path: String) async throws -> TransportResponse {
            try await registry.send(
                TransportRequest(head: HTTPRequest(method: .get, scheme: "https", authority: "api", path: path))
            )
        }
        let me = try JSONSerialization.jsonObject(with: try await get("/me").body) as? [String: Any]
        #expect(me?["code"] as? Int == 40101)
        #expect(me?["message"] as? String == "token expired")
        #expect((me?["request_id"] as? String).map { $0 != "seen" && !$0.isEmpty } == true)
        let logo = try await get("/logo")
        #expect(logo.body == Data([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]))
        #expect(logo.head.headerFields[.contentType] == "image/png")
        #expect(try await get("/job").head.status.code == 503)
        #expect(String(decoding: try await get("/job").body, as: UTF8.self) == "done")
    }
}
