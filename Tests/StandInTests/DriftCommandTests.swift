import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `standin drift` against a real server playing the backend: what `record` wrote from it is the same; renamed,
/// retyped, re-statused and re-coded answers are drift, and new values alone are not.
@Suite struct DriftCommandTests {
    private static let backend = [
        "users.json": #"""
        { "request": { "path": "/users/1" },
          "response": { "envelope": { "data": { "id": "1", "name": "Ada", "age": 36, "tags": ["math"] } } } }
        """#,
        "orders.json": #"""
        { "request": { "method": "POST", "path": "/orders" },
          "response": { "status": 201, "json": { "total": 12.5, "items": [ { "sku": "A-1" } ], "at": "2024-01-01" } } }
        """#,
        "health.json": #"{ "request": { "path": "/health" }, "response": { "text": "ok" } }"#,
        "quota.json": #"{ "request": { "path": "/quota" }, "response": { "envelope": { "data": { "left": 3 } } } }"#,
    ]

    /// The backend a release later: `name` renamed, `total` a string, `/health` down, `/quota` a business error, and
    /// every value changed.
    private static let changedBackend = [
        "users.json": #"""
        { "request": { "path": "/users/1" },
          "response": { "envelope": { "data": { "id": "2", "fullName": "Grace", "age": 85, "tags": [] } } } }
        """#,
        "orders.json": #"""
        { "request": { "method": "POST", "path": "/orders" },
          "response": { "status": 201, "json": { "total": "99.00", "items": [ { "sku": "B-2" } ], "at": "2025-06-30" } } }
        """#,
        "health.json": #"{ "request": { "path": "/health" }, "response": { "status": 503, "text": "down" } }"#,
        "quota.json": #"""
        { "request": { "path": "/quota" },
          "response": { "envelope": { "code": 42901, "message": "over quota", "data": { "left": 0 } } } }
        """#,
    ]

    private func folder(_ files: [String: String], in parent: URL, named name: String) throws -> URL {
        let directory = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (file, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(file)) }
        return directory
    }

    @Test func recordedFixturesAreTheSameAndAChangedBackendDriftsByShapeOnly() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("standin-drift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let backendMocks = try folder(Self.backend, in: root, named: "backend")
        let recorded = root.appendingPathComponent("recorded")
        let backend = try await ServeProcess(["--mocks", backendMocks.path, "--quiet", "--no-watch"])
        defer { backend.stop() }
        let recorder = try await ServeProcess(
            ["--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", recorded.path, "--quiet"],
            command: "record"
        )
        for (method, path) in [("GET", "/users/1"), ("POST", "/orders"), ("GET", "/health"), ("GET", "/quota")] {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(recorder.port)\(path)")!)
            request.httpMethod = method
            _ = try await URLSession.shared.exchange(for: request)
        }
        #expect(await recorder.interrupt() == 0)

        let same = try await drift(["--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", recorded.path])
        #expect(same.status == 0, "\(same.output)\(same.error)")
        #expect(same.output.contains("4 same, 0 drifted, 0 unreachable"), "\(same.output)")

        let changedMocks = try folder(Self.changedBackend, in: root, named: "changed")
        let changed = try await ServeProcess(["--mocks", changedMocks.path, "--quiet", "--no-watch"])
        defer { changed.stop() }
        let drifted = try await drift(["--upstream", "http://127.0.0.1:\(changed.port)", "--mocks", recorded.path])
        #expect(drifted.status == 1, "\(drifted.output)\(drifted.error)")
        for difference in [
            "removed data.name (string)", "added data.fullName (string)", "retyped total: number -> string",
            "status 200 -> 503", "envelope code 0 -> 42901",
        ] {
            #expect(drifted.output.contains(difference), "\(difference) in \(drifted.output)")
        }
        for valueOnly in ["data.id", "data.age", "data.tags", "items", " at"] {
            #expect(!drifted.output.contains(valueOnly), "\(valueOnly) changed only in value: \(drifted.output)")
        }

        let json = try await drift([
            "--upstream", "http://127.0.0.1:\(changed.port)", "--mocks", recorded.path, "--json",
            "--only", "GET /health",
        ])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let fixtures = try #require(object?["fixtures"] as? [[String: Any]])
        #expect(fixtures.count == 1)
        #expect(fixtures.first?["result"] as? String == "drifted")
        #expect(fixtures.first?["differences"] as? [String] == ["status 200 -> 503"])
    }

    /// Runs `standin drift ARGUMENTS` off the test threads.
    private func drift(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
        try await StandInBinary.run(["drift"] + arguments)
    }

    @Test func anUnreachableBackendIsSaidAndExitsTwo() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("standin-drift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mocks = try folder(["health.json": Self.backend["health.json"]!], in: root, named: "mocks")
        let result = try await drift(["--upstream", "http://127.0.0.1:9", "--mocks", mocks.path])
        #expect(result.status == 2, "\(result.output)\(result.error)")
        #expect(result.output.contains("unreachable"))
    }
}
