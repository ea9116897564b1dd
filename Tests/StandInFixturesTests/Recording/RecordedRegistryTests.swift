import Foundation
import NetworkCore
import ServerTestSupport
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

    /// httpbin's teapot comes with a body and no Content-Type: the fixture says so (`"Content-Type": null`), and its
    /// replay has none either, not the one a `text` or `json` body would get.
    @Test func aBodyRecordedWithoutContentTypeReplaysWithoutOne() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = FixtureRecorder(mocksDirectory: directory, into: "recorded", rules: RecordingRules())
        let exchanges = [
            RecordedExchange(
                method: "GET",
                path: "/teapot",
                status: 418,
                responseHeaders: [("X-More-Info", "http://tools.ietf.org/html/rfc2324")],
                responseBody: Array("I'm a teapot".utf8)
            ),
            RecordedExchange(method: "GET", path: "/bare", status: 200, responseBody: Array(#"{"a":1}"#.utf8)),
        ]
        for exchange in exchanges { _ = try await recorder.record(exchange) }
        let teapotFile = directory.appendingPathComponent("recorded/GET-teapot.json")
        let written = try String(contentsOf: teapotFile, encoding: .utf8)
        #expect(written.contains(#""headers": {\#n      "Content-Type": null,\#n      "X-More-Info""#), "\(written)")
        let registry = try MockRegistry(directory: directory)
        for path in ["/teapot", "/bare"] {
            let replay = try await registry.send(
                TransportRequest(head: HTTPRequest(method: .get, scheme: "https", authority: "api", path: path))
            )
            #expect(replay.head.headerFields[.contentType] == nil, "\(path)")
            #expect(!replay.body.isEmpty)
        }
    }

    /// A header set to `null` is not sent, though the project's `standin.json` adds it to every other response.
    @Test func aHeaderSetToNullIsNotSentEvenWhenTheProjectAddsIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("null-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "standin.json": #"{ "headers": { "X-Backend": "standin" } }"#,
            "plain.json": #"{ "request": { "path": "/plain" }, "response": { "text": "hi" } }"#,
            "bare.json": #"""
            { "request": { "path": "/bare" },
              "response": { "headers": { "X-Backend": null, "content-type": null }, "text": "hi" } }
            """#,
        ]
        for (name, text) in files { try writeFile(text, to: directory.appendingPathComponent(name)) }
        let registry = try MockRegistry(directory: directory)
        func get(_ path: String) async throws -> HTTPFields {
            try await registry.send(
                TransportRequest(head: HTTPRequest(method: .get, scheme: "https", authority: "api", path: path))
            ).head.headerFields
        }
        let plain = try await get("/plain")
        #expect(plain[HTTPField.Name("X-Backend")!] == "standin")
        #expect(plain[.contentType] == "text/plain; charset=utf-8")
        let bare = try await get("/bare")
        #expect(bare[HTTPField.Name("X-Backend")!] == nil)
        #expect(bare[.contentType] == nil)
    }
}
