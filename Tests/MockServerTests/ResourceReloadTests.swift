import Foundation
import MockServer
import ServerTestSupport
import Testing

/// A reload re-reads a changed resource file: that resource starts again from its new seed, in the main state and
/// in every session, while other resources keep their items; a broken edit keeps the last good version serving.
@Suite struct ResourceReloadTests {
    private static func resource(_ path: String, titles: [String]) -> String {
        let items = titles.enumerated().map { #"{ "id": \#($0.offset + 1), "title": "\#($0.element)" }"# }
        return #"{ "resource": { "path": "\#(path)", "seed": [ \#(items.joined(separator: ", ")) ] } }"#
    }

    private static let files = [
        "todos.json": resource("/todos", titles: ["Buy milk"]),
        "notes.json": resource("/notes", titles: ["Hello"]),
    ]

    @Test func aChangedResourceServesItsNewSeedEverywhereAndOthersKeepTheirItems() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let created = try await fetch(base, "/__standin/sessions", method: "POST")
                let session = ["X-StandIn-Session": try #require(try created.json()["id"] as? String)]
                for headers in [[:], session] {
                    _ = try await post(base, "/todos", headers: headers)
                    _ = try await post(base, "/notes", headers: headers)
                }

                try rewrite("todos.json", Self.resource("/todos", titles: ["Call mum", "Walk", "Read"]), in: mocks)
                #expect(try await fetch(base, "/__standin/reload", method: "POST").status == 200)

                for headers in [[:], session] {
                    #expect(try await titles(base, "/todos", headers: headers) == ["Call mum", "Walk", "Read"])
                    #expect(try await titles(base, "/notes", headers: headers) == ["Hello", "new"])
                }
            }
        }
    }

    @Test func aBrokenEditKeepsTheLastGoodResourceAndItsItems() async throws {
        let log = CapturedLog()
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, logger: log.logger) { base async throws in
                _ = try await post(base, "/todos")
                try rewrite(
                    "todos.json",
                    #"{ "resource": { "path": "/todos","# + "\n" + #""seed": [ 1 ] } }"#,
                    in: mocks
                )
                #expect(try await fetch(base, "/__standin/reload", method: "POST").status == 200)
                #expect(try await titles(base, "/todos") == ["Buy milk", "new"])
                let reported = log.lines.first { $0.contains("todos.json:2:") }
                #expect(reported?.contains("resource.seed[0] must be an object") == true, "\(log.lines)")
                #expect(log.lines.contains { $0.contains("still serving the last good version of: todos.json") })
            }
        }
    }

    private func rewrite(_ file: String, _ contents: String, in mocks: URL) throws {
        try writeFile(contents, to: mocks.appendingPathComponent(file), atomically: true)
    }

    private func post(_ base: URL, _ path: String, headers: [String: String] = [:]) async throws -> FetchedResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        let response = try await fetch(
            base,
            path,
            method: "POST",
            headers: headers,
            body: Data(#"{"title":"new"}"#.utf8)
        )
        #expect(response.status == 201, "\(response.text)")
        return response
    }

    private func titles(_ base: URL, _ path: String, headers: [String: String] = [:]) async throws -> [String] {
        let list = try await fetch(base, path, headers: headers).json()
        return (list["data"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }
}
