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
        for (file, text) in files { try writeFile(text, to: directory.appendingPathComponent(file)) }
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

    /// The sample's own fixtures, in the repository.
    private var sampleMocks: String { StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path }

    /// Each fixture's result in `drift --json` output, by fixture id: the result and its details.
    private func results(_ json: String) throws -> [String: (result: String, details: [String])] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let fixtures = try #require(object?["fixtures"] as? [[String: Any]])
        var found: [String: (String, [String])] = [:]
        for fixture in fixtures {
            let id = try #require(fixture["id"] as? String)
            found[id] = (fixture["result"] as? String ?? "", fixture["differences"] as? [String] ?? [])
        }
        return found
    }

    /// `user/info.json` needs `Authorization` by prefix; without one, the sample answers its request with
    /// `info-unauthorized.json`, which must not stand for it: it is skipped, saying what to pass.
    @Test func aFixtureWhoseMatchNeedsAHeaderItCannotGiveIsSkippedNotComparedWithAnother() async throws {
        try await withFolder { root in
            let elsewhere = try folder(
                [
                    "info.json": #"""
                    { "request": { "path": "/user/info" },
                      "response": { "status": 404, "envelope": { "code": 40100, "message": "no such page" } } }
                    """#
                ],
                in: root,
                named: "backend"
            )
            let other = try await ServeProcess(["--mocks", elsewhere.path, "--quiet", "--no-watch"])
            defer { other.stop() }
            let against404 = try await drift([
                "--upstream", "http://127.0.0.1:\(other.port)", "--mocks", sampleMocks, "--only", "GET /user/info",
                "--json",
            ])
            let found = try results(against404.output)
            #expect(found["user/info.json"]?.result == "skipped", "\(against404.output)")
            #expect(
                found["user/info.json"]?.details == [
                    #"its match cannot be reproduced from the fixture alone: header "authorization": expected prefix "#
                        + #""Bearer ", got none; give such a header with --header"#
                ]
            )
            #expect(found["user/info-unauthorized.json"]?.details == ["status 401 -> 404"])

            let sample = try await ServeProcess(["--mocks", sampleMocks, "--quiet", "--no-watch"])
            defer { sample.stop() }
            let signedIn = try await drift([
                "--upstream", "http://127.0.0.1:\(sample.port)", "--mocks", sampleMocks, "--only", "GET /user/info",
                "--json", "--header", "Authorization: Bearer abc",
            ])
            let withToken = try results(signedIn.output)
            #expect(signedIn.status == 0, "\(signedIn.output)\(signedIn.error)")
            #expect(withToken["user/info.json"]?.result == "same")
            #expect(withToken["user/info-unauthorized.json"]?.result == "skipped")
        }
    }

    /// The sample's fault fixtures break their answers on purpose: skipped with a sentence, without waiting out a
    /// `timeout` fault. A backend that breaks the connection is said in a sentence too.
    @Test func faultsAreSkippedOrSaidInASentence() async throws {
        try await withFolder { root in
            let sample = try await ServeProcess(["--mocks", sampleMocks, "--quiet", "--no-watch"])
            defer { sample.stop() }
            let faults = try await drift([
                "--upstream", "http://127.0.0.1:\(sample.port)", "--mocks", sampleMocks, "--only", "faults/*",
                "--json",
            ])
            #expect(faults.status == 0, "\(faults.output)\(faults.error)")
            let found = try results(faults.output)
            for fault in ["connection-reset", "empty-response", "malformed-body", "timeout"] {
                #expect(
                    found["faults/\(fault).json"]?.details == [
                        "its answer is the fault \(fault), which StandIn makes on purpose: there is no answer to compare"
                    ]
                )
            }
            #expect(found["faults/slow-body.json"]?.result == "same")

            let mocks = try folder(["health.json": Self.backend["health.json"]!], in: root, named: "mocks")
            let broken = try folder(
                ["health.json": #"{ "request": { "path": "/health" }, "response": { "fault": "connection-reset" } }"#],
                in: root,
                named: "broken"
            )
            let backend = try await ServeProcess(["--mocks", broken.path, "--quiet", "--no-watch"])
            defer { backend.stop() }
            let reset = try await drift(["--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", mocks.path])
            #expect(reset.status == 2, "\(reset.output)\(reset.error)")
            #expect(reset.output.contains("    The connection to the server was lost"), "\(reset.output)")
            #expect(!reset.output.contains("Error Domain") && !reset.output.contains("NSURLErrorDomain"))
        }
    }

    /// A body that trickles (2 bytes a second) stops at `--timeout`, and one that never ends at the 16 MiB drift
    /// reads, both said as sentences.
    @Test func aTricklingBodyStopsAtTheTimeoutAndAnEndlessOneAtTheSizeLimit() async throws {
        try await withFolder { root in
            let mocks = try folder(
                [
                    "slow.json": #"{ "request": { "path": "/slow" }, "response": { "json": { "ok": true } } }"#,
                    "endless.json": #"{ "request": { "path": "/endless" }, "response": { "json": { "ok": true } } }"#,
                ],
                in: root,
                named: "mocks"
            )
            let upstream = try RawUpstream(
                responses: [:],
                streams: [
                    "/slow": .init(
                        head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000",
                        piece: [UInt8(ascii: " ")],
                        pause: .milliseconds(500)
                    ),
                    "/endless": .init(
                        head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close",
                        piece: [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
                    ),
                ]
            )
            defer { upstream.stop() }
            let result = try await drift([
                "--upstream", upstream.url.absoluteString, "--mocks", mocks.path, "--timeout", "3s", "--json",
            ])
            #expect(result.status == 2, "\(result.output)\(result.error)")
            let found = try results(result.output)
            #expect(found["slow.json"]?.details == ["the backend did not answer within 3s"])
            #expect(
                found["endless.json"]?.details == [
                    "the backend's body is larger than the 16777216 bytes drift reads, so it is not compared"
                ]
            )
        }
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
