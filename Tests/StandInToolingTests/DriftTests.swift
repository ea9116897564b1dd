import Foundation
import NetworkCore
import ServerTestSupport
import StandInFixtures
import StandInTooling
import Testing

/// Drift's comparison, in process: one mocks folder plays the fixtures, another the backend (`MockRegistry` is a
/// `Transport`), so no socket is needed.
@Suite struct DriftTests {
    private func results(fixture: String, backend: String) async throws -> [DriftResult] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var folders: [URL] = []
        for (name, text) in [("fixtures", fixture), ("backend", backend)] {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try writeFile(text, to: folder.appendingPathComponent("item.json"))
            folders.append(folder)
        }
        let check = try DriftCheck(directory: folders[0])
        return await check.run(
            upstream: URL(string: "https://api.example.com")!,
            transport: try MockRegistry(directory: folders[1])
        )
    }

    private func item(_ json: String, query: String = "") -> String {
        #"{ "request": { "path": "/item"\#(query) }, "response": { "json": \#(json) } }"#
    }

    @Test func nullAndEmptyArraysAreNotDrift() async throws {
        let found = try await results(
            fixture: item(#"{ "owner": null, "tags": [], "n": 1 }"#),
            backend: item(#"{ "owner": { "id": 7 }, "tags": [ { "x": 1 } ], "n": 2.5 }"#)
        )
        #expect(found.map(\.outcome) == [.same])
    }

    @Test func nestedChangesNameTheOutermostKey() async throws {
        let found = try await results(
            fixture: item(#"{ "list": [ { "a": { "b": 1 } } ], "gone": { "deep": true } }"#),
            backend: item(#"{ "list": [ { "a": "flat" } ], "new": { "deep": true } }"#)
        )
        #expect(
            found.first?.details == [
                "removed gone (object)", "retyped list[].a: object -> string", "added new (object)",
            ]
        )
    }

    @Test func fixturesWithoutOneRequestAreNotSent() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let files = [
            "template.json": #"{ "request": { "path": "/items/{id}" }, "response": { "text": "x" } }"#,
            "any.json": #"{ "request": { "method": "ANY", "path": "/any" }, "response": { "text": "x" } }"#,
            "prefix.json": #"{ "request": { "path": "/q", "query": { "a": { "prefix": "x" } } }, "response": {} }"#,
            "pinned.json": #"""
            { "request": { "method": "POST", "path": "/p", "query": { "a": "1 2" },
                           "headers": { "X-Client": "ios", "Authorization": { "present": true } },
                           "body": { "json": { "k": "v" } } }, "response": {} }
            """#,
        ]
        for (name, text) in files { try writeFile(text, to: root.appendingPathComponent(name)) }
        let check = try DriftCheck(directory: root)
        #expect(check.unpinned.map(\.fixtureID) == ["any.json", "prefix.json", "template.json"])
        #expect(
            check.unpinned.map(\.details) == [
                ["it answers any method, not one to send"],
                [#"its query "a" is matched by prefix "x", not one value"#],
                ["its path /items/{id} is a pattern, not one path to send"],
            ]
        )
        let probe = try #require(check.probes.first)
        let request = try probe.request(
            to: URL(string: "https://api.example.com/v1")!,
            extraHeaders: [("Authorization", "Bearer t")]
        )
        #expect(request.head.path == "/v1/p?a=1%202")
        #expect(request.head.headerFields[HTTPField.Name("X-Client")!] == "ios")
        #expect(request.head.headerFields[.authorization] == "Bearer t", "credentials only from the command line")
        #expect(request.body == Data(#"{"k":"v"}"#.utf8))
    }

    /// `/api` and `/../admin` would be `/admin` at the backend: such a fixture is not pinned, and nothing is sent.
    @Test func aFixturePathWithDotSegmentsIsNotSentToTheBackend() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let climbing = #"{ "request": { "path": "/../admin" }, "response": { "text": "x" } }"#
        try writeFile(climbing, to: root.appendingPathComponent("climbing.json"))
        let check = try DriftCheck(directory: root)
        #expect(check.probes.isEmpty)
        #expect(check.unpinned.map(\.fixtureID) == ["climbing.json"])
    }

    /// A backend that answers with no JSON at all has lost the whole body: one difference, not one per key.
    @Test func aBodyTheBackendNoLongerSendsIsNamedOnce() async throws {
        let found = try await results(
            fixture: item(#"{ "id": 1, "owner": { "name": "Ada" }, "tags": ["a"] }"#),
            backend: #"{ "request": { "path": "/item" }, "response": { "text": "<html>gone</html>" } }"#
        )
        #expect(
            found.first?.details == [
                "Content-Type application/json -> text/plain", "removed the JSON body (object)",
            ]
        )
    }

    /// A request that another fixture answers first is not compared with that fixture's answer.
    @Test func aFixtureAnsweredByAnotherFirstIsSkipped() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let files = [
            "first.json": #"{ "request": { "path": "/item" }, "priority": 1, "response": { "json": { "a": 1 } } }"#,
            "second.json": #"{ "request": { "path": "/item" }, "response": { "json": { "b": 1 } } }"#,
        ]
        for (name, text) in files { try writeFile(text, to: root.appendingPathComponent(name)) }
        let check = try DriftCheck(directory: root)
        let found = await check.run(upstream: URL(string: "https://api.example.com")!, transport: check.registry)
        #expect(found.map(\.label) == ["same", "skipped"])
        #expect(found.last?.details == ["the request it pins is answered by first.json first"])
    }
}
