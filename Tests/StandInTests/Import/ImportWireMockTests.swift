import Foundation
import ServerTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `standin import wiremock` through the built binary, on the stub mappings WireMock's documentation shows: imported,
/// checked and served, they answer as WireMock would; what StandIn has no equal for is warned about by stub.
@Suite struct ImportWireMockTests {
    @Test func documentedMappingsServeAsWireMockWould() async throws {
        try await withFolder { folder in
            let wiremock = folder.appendingPathComponent("wiremock")
            for (name, json) in Self.documented {
                try writeFile(json, to: wiremock.appendingPathComponent("mappings/\(name)"))
            }
            try writeFile(
                "<note>from __files</note>",
                to: wiremock.appendingPathComponent("__files/path/to/myfile.xml")
            )
            let mocks = folder.appendingPathComponent("Mocks")
            let imported = try await StandInBinary.run(["import", "wiremock", wiremock.path, "--mocks", mocks.path])
            #expect(imported.status == 0, "\(imported.error)")
            let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
            #expect(check.status == 0, "\(check.output)")
            let written = try allBytes(under: mocks)
            for secret in ["wm-secret-777", "wm-cookie-888", "wm-token-999"] {
                #expect(written.range(of: Data(secret.utf8)) == nil, "\(secret) reached a file")
            }

            let serve = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { serve.stop() }
            let base = "http://127.0.0.1:\(serve.port)"
            let hello = try await HTTPReply.fetch(base + "/some/thing")
            #expect(hello.status == 200 && hello.body == Data("Hello, world!".utf8))
            #expect(hello.headers["content-type"] == "text/plain")
            let file = try await HTTPReply.fetch(base + "/body-file")
            #expect(file.body == Data("<note>from __files</note>".utf8))
            let json = try await HTTPReply.fetch(base + "/body")
            #expect(json.json == ["arbitrary_json": [1, 2, 3]])
            #expect(try await HTTPReply.fetch(base + "/binary-body").body == Data("YES INDEED!".utf8))

            // WireMock's priority 1 is its highest: the specific stub, then /api/.* (5), then the catch-all (10).
            #expect(try await HTTPReply.fetch(base + "/api/specific-resource").status == 200)
            #expect(try await HTTPReply.fetch(base + "/api/other").status == 401)
            let fallback = try await HTTPReply.fetch(base + "/anything/else")
            #expect(fallback.status == 404 && fallback.json?["message"] as? String == "Endpoint not found")

            let everything = base + "/everything?search_term=WireMock"
            #expect(try await HTTPReply.fetch(everything, headers: ["Accept": "text/xml"]).status == 200)
            #expect(try await HTTPReply.fetch(everything, headers: ["Accept": "text/json"]).status == 404)
            #expect(try await HTTPReply.fetch(base + "/contacts/12345/addresses/1").status == 200)
            let matchingJSON = Data(#"{"total_results": 4}"#.utf8)
            #expect(try await HTTPReply.fetch(base + "/json", method: "POST", body: matchingJSON).status == 201)

            let flaky = try await [1, 2, 3, 4].asyncMap { _ in try await HTTPReply.fetch(base + "/flaky").status }
            #expect(flaky == [503, 503, 200, 200], "a one-request scenario replays as a sequence")
            #expect(
                String(decoding: try await HTTPReply.fetch(base + "/todo/items").body, as: UTF8.self).contains(
                    "Buy milk"
                )
            )

            let secure = try await HTTPReply.fetch(base + "/secure", headers: ["Authorization": "Bearer wm-secret-777"])
            #expect(secure.status == 200 && secure.json == ["token": "<redacted>", "user": "ada"])
            #expect(secure.headers["set-cookie"] == nil)
            #expect(try await HTTPReply.fetch(base + "/secure").status == 404, "the header is still required")

            let templated = try await HTTPReply.fetch(base + "/templated")
            #expect(templated.body == Data("templated".utf8), "request.path.[0] of a literal path is its text")

            let start = ContinuousClock.now
            #expect(try await HTTPReply.fetch(base + "/delayed").status == 200)
            #expect(ContinuousClock.now - start >= .milliseconds(2000), "fixedDelayMilliseconds carried over")
            await #expect(throws: (any Error).self) { try await HTTPReply.fetch(base + "/fault") }

            for warning in [
                "mappings/everything.json: request.cookies:",
                "mappings/everything.json: request.basicAuthCredentials:",
                "mappings/everything.json: request.bodyPatterns[0].equalToXml:",
                "mappings/everything.json: request.bodyPatterns[1].matchesXPath:",
                "mappings/path-template.json: request.pathParameters:",
                "mappings/dribble.json: response.chunkedDribbleDelay:",
                "mappings/todo.json mappings[2]: scenarioName: the scenario \"To do list\" spans several requests",
            ] {
                #expect(imported.error.contains(warning), "no warning \(warning) in \(imported.error)")
            }
        }
    }

    @Test func anUnknownMatcherIsWarnedAboutNamingTheStub() async throws {
        try await withFolder { folder in
            let mapping = folder.appendingPathComponent("stub.json")
            try writeFile(
                #"""
                {"request": {"method": "GET", "urlPath": "/search",
                             "queryParameters": {"q": {"hasExactly": [{"equalTo": "a"}]}, "page": {"equalTo": "2"}}},
                 "response": {"status": 200, "body": "found"}}
                """#,
                to: mapping
            )
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run(["import", "wiremock", mapping.path, "--mocks", mocks.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(
                result.error.contains(
                    "stub.json: request.queryParameters.q: the pattern uses the matcher \"hasExactly\""
                ),
                "\(result.error)"
            )
            #expect(result.output.contains("1 fixture(s) written to imported/wiremock, 1 warning(s)."))
        }
    }

    @Test func aBodyFileLinkedOutOfFilesIsRefusedAndNotCopied() async throws {
        try await withFolder { folder in
            let wiremock = folder.appendingPathComponent("wiremock")
            let files = wiremock.appendingPathComponent("__files")
            let secrets = folder.appendingPathComponent("home/.ssh")
            try writeFile("PRIVATE KEY", to: secrets.appendingPathComponent("id_rsa"))
            try writeFile("inside", to: files.appendingPathComponent("real.txt"))
            let links = [
                "key.txt": secrets.appendingPathComponent("id_rsa").path, "ssh": secrets.path, "alias.txt": "real.txt",
            ]
            for (name, target) in links {
                try FileManager.default.createSymbolicLink(
                    atPath: files.appendingPathComponent(name).path,
                    withDestinationPath: target
                )
            }
            let stubs = [("file", "key.txt"), ("folder", "ssh/id_rsa"), ("alias", "alias.txt")].map { url, name in
                #"{"request": {"url": "/\#(url)"}, "response": {"status": 200, "bodyFileName": "\#(name)"}}"#
            }
            try writeFile(
                #"{"mappings": [\#(stubs.joined(separator: ", "))]}"#,
                to: wiremock.appendingPathComponent("mappings/links.json")
            )
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run(["import", "wiremock", wiremock.path, "--mocks", mocks.path])
            #expect(result.status == 0, "\(result.error)")
            for name in ["key.txt", "ssh/id_rsa"] {
                #expect(
                    result.error.contains(#"response.bodyFileName: "\#(name)" is outside __files"#),
                    "\(result.error)"
                )
            }
            let written = String(decoding: try allBytes(under: mocks), as: UTF8.self)
            #expect(!written.contains("PRIVATE KEY"))
            #expect(written.contains("inside"))
        }
    }

    @Test func aStubThatCannotBeCarriedOverIsLeftOutAndNeverStopsTheOthers() async throws {
        try await withFolder { folder in
            let wiremock = folder.appendingPathComponent("wiremock")
            let long = String(repeating: "a", count: 300)
            let stubs = [
                #"{"request": {"url": "/ok"}, "response": {"status": 200, "body": "fine"}}"#,
                #"{"request": {"url": "/odd"}, "response": {"status": 700}}"#,
                #"{"request": {"url": "/gone"}, "response": {"status": 204, "body": "not sent"}}"#,
                #"{"request": {"urlPathPattern": "/(a+)+b"}, "response": {"status": 200}}"#,
                #"{"request": {"urlPathPattern": "/items/[0-9"}, "response": {"status": 200}}"#,
                #"{"request": {"url": "/\#(long)/x"}, "response": {"status": 200, "body": "long"}}"#,
                #"{"request": {"url": "/split"}, "response": {"headers": {"X-Bad": "1\r\nX-Set: 2"}, "body": "s"}}"#,
            ]
            try writeFile(
                #"{"mappings": [\#(stubs.joined(separator: ",\n"))]}"#,
                to: wiremock.appendingPathComponent("mappings/all.json")
            )
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run(["import", "wiremock", wiremock.path, "--mocks", mocks.path])
            #expect(result.status == 0, "\(result.error)")
            for warning in [
                "mappings/all.json mappings[1]: response.status: 700 is not an HTTP status (100 to 599), so the stub "
                    + "is left out.",
                "mappings/all.json mappings[2]: response.body: a 204 response has no body, so the body is left out.",
                "mappings/all.json mappings[3]: imported/wiremock/ANY-_a___b-",
                "regular expression \"/(a+)+b\" can take exponential time on a near miss",
                "mappings/all.json mappings[4]: imported/wiremock/items/ANY-items-_0-9-",
                "invalid regular expression \"/items/[0-9\": expected ']'; the fixture is left out.",
                "mappings/all.json mappings[6]: response.headers.X-Bad: header \"X-Bad\" has a line break in its value, "
                    + "so the header is left out.",
            ] {
                #expect(result.error.contains(warning), "no warning \(warning) in \(result.error)")
            }
            #expect(!result.error.contains(".standin-import-"), "\(result.error)")
            #expect(
                result.output.contains("4 fixture(s) written to imported/wiremock, 5 warning(s)."),
                "\(result.output)"
            )
            #expect(try await StandInBinary.run(["check", "--mocks", mocks.path]).status == 0)
            let serve = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { serve.stop() }
            let base = "http://127.0.0.1:\(serve.port)"
            #expect(try await HTTPReply.fetch(base + "/\(long)/x").body == Data("long".utf8))
            #expect(try await HTTPReply.fetch(base + "/gone").status == 204)
            let split = try await HTTPReply.fetch(base + "/split")
            #expect(split.body == Data("s".utf8) && split.headers["x-bad"] == nil && split.headers["x-set"] == nil)
        }
    }

    @Test func aBrokenMappingFileInAFolderIsLeftOutNamingItsLine() async throws {
        try await withFolder { folder in
            let wiremock = folder.appendingPathComponent("wiremock")
            try writeFile(
                #"{"request": {"url": "/ok"}, "response": {"status": 200}}"#,
                to: wiremock.appendingPathComponent("mappings/a.json")
            )
            try writeFile(
                "{\"request\": {\"url\": \"/cut\"},\n \"response\": {\"sta",
                to: wiremock.appendingPathComponent("mappings/b.json")
            )
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run(["import", "wiremock", wiremock.path, "--mocks", mocks.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(
                result.error.contains("mappings/b.json: line 2: it is not valid JSON"),
                "\(result.error)"
            )
            #expect(result.error.contains("so the file is left out."), "\(result.error)")
            #expect(result.output.contains("1 fixture(s) written to imported/wiremock, 1 warning(s)."))
        }
    }

    @Test func aBrokenMappingFileNamedAloneFailsAndWritesNothing() async throws {
        try await withFolder { folder in
            let mapping = folder.appendingPathComponent("cut.json")
            try writeFile("{\"request\": {\"url\": \"/cut\"},\n \"response\": {\"sta", to: mapping)
            let mocks = folder.appendingPathComponent("Mocks")
            try writeFile("{}", to: mocks.appendingPathComponent("imported/wiremock/kept.json"))
            let result = try await StandInBinary.run(["import", "wiremock", mapping.path, "--mocks", mocks.path])
            #expect(result.status == 1)
            #expect(result.error.contains("cut.json:2: is not valid JSON"), "\(result.error)")
            let left = try FileManager.default.subpathsOfDirectory(atPath: mocks.path).sorted()
            #expect(
                left == ["imported", "imported/wiremock", "imported/wiremock/kept.json"],
                "the earlier import stays whole"
            )
        }
    }

    /// Stub mappings as WireMock's documentation shows them, by file name under `mappings/`.
    private static let documented: [String: String] = [
        // https://wiremock.org/docs/stubbing/ (basic stubbing)
        "basic.json": #"""
        { "request": { "method": "GET", "url": "/some/thing" },
          "response": { "status": 200, "body": "Hello, world!", "headers": { "Content-Type": "text/plain" } } }
        """#,
        // https://wiremock.org/docs/stubbing/ (specifying the response body)
        "bodies.json": #"""
        { "mappings": [
          { "request": { "method": "GET", "url": "/body-file" },
            "response": { "status": 200, "bodyFileName": "path/to/myfile.xml" } },
          { "request": { "method": "GET", "url": "/body" },
            "response": { "status": 200, "jsonBody": { "arbitrary_json": [1, 2, 3] } } },
          { "request": { "method": "GET", "url": "/binary-body" },
            "response": { "status": 200, "base64Body": "WUVTIElOREVFRCE=" } } ] }
        """#,
        // https://wiremock.org/docs/stubbing/ (stub priority; and the catch-all default response)
        "priority.json": #"""
        { "mappings": [
          { "priority": 1, "request": { "method": "GET", "url": "/api/specific-resource" },
            "response": { "status": 200 } },
          { "priority": 5, "request": { "method": "GET", "urlPattern": "/api/.*" },
            "response": { "status": 401 } },
          { "priority": 10, "request": { "method": "ANY", "urlPattern": ".*" },
            "response": { "status": 404, "jsonBody": { "status": "Error", "message": "Endpoint not found" } } } ] }
        """#,
        // https://wiremock.org/docs/request-matching/ (the example with every kind of matcher)
        "everything.json": #"""
        { "request": {
            "urlPath": "/everything", "method": "ANY",
            "headers": { "Accept": { "contains": "xml" } },
            "queryParameters": { "search_term": { "equalTo": "WireMock" } },
            "cookies": { "session": { "matches": ".*12345.*" } },
            "bodyPatterns": [ { "equalToXml": "<search-results />" }, { "matchesXPath": "//search-results" } ],
            "basicAuthCredentials": { "username": "jeff@example.com", "password": "jeffteenjefftyjeff" } },
          "response": { "status": 200 } }
        """#,
        // https://wiremock.org/docs/request-matching/ (path templates)
        "path-template.json": #"""
        { "request": {
            "urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}", "method": "GET",
            "pathParameters": { "contactId": { "equalTo": "12345" },
                                "addressId": { "or": [ { "equalTo": "1" }, { "equalTo": "2" } ] } } },
          "response": { "status": 200 } }
        """#,
        // https://wiremock.org/docs/request-matching/ (JSON equality)
        "json-body.json": #"""
        { "request": { "method": "POST", "url": "/json",
                       "bodyPatterns": [ { "equalToJson": { "total_results": 4 } } ] },
          "response": { "status": 201 } }
        """#,
        // https://wiremock.org/docs/simulating-faults/ (fixed delay, a fault, chunked dribble delay)
        "delays.json": #"""
        { "mappings": [
          { "request": { "method": "GET", "url": "/delayed" },
            "response": { "status": 200, "fixedDelayMilliseconds": 2000 } },
          { "request": { "method": "GET", "url": "/random/delayed" },
            "response": { "status": 200, "delayDistribution": { "type": "lognormal", "median": 80, "sigma": 0.4 } } },
          { "request": { "method": "GET", "url": "/uniform/delayed" },
            "response": { "status": 200, "delayDistribution": { "type": "uniform", "lower": 15, "upper": 25 } } },
          { "request": { "method": "GET", "url": "/fault" },
            "response": { "fault": "CONNECTION_RESET_BY_PEER" } } ] }
        """#,
        "dribble.json": #"""
        { "request": { "method": "GET", "url": "/chunked/delayed" },
          "response": { "status": 200, "body": "Hello world!",
                        "chunkedDribbleDelay": { "numberOfChunks": 5, "totalDuration": 1000 } } }
        """#,
        // https://wiremock.org/docs/response-templating/
        "templating.json": #"""
        { "request": { "urlPath": "/templated" },
          "response": { "body": "{{request.path.[0]}}", "transformers": ["response-template"] } }
        """#,
        // https://wiremock.org/docs/stateful-behaviour/ (the to-do list scenario, across two requests)
        "todo.json": #"""
        { "mappings": [
          { "scenarioName": "To do list", "requiredScenarioState": "Started",
            "request": { "method": "GET", "url": "/todo/items" },
            "response": { "status": 200, "body": "<items><item>Buy milk</item></items>" } },
          { "scenarioName": "To do list", "requiredScenarioState": "Started",
            "newScenarioState": "Cancel newspaper item added",
            "request": { "method": "POST", "url": "/todo/items",
                         "bodyPatterns": [ { "contains": "Cancel newspaper subscription" } ] },
            "response": { "status": 201 } },
          { "scenarioName": "To do list", "requiredScenarioState": "Cancel newspaper item added",
            "request": { "method": "GET", "url": "/todo/items" },
            "response": { "status": 200,
                          "body": "<items><item>Buy milk</item><item>Cancel newspaper subscription</item></items>" } } ] }
        """#,
        // In the form https://wiremock.org/docs/stateful-behaviour/ documents: a scenario on one request.
        "flaky.json": #"""
        { "mappings": [
          { "scenarioName": "Flaky", "requiredScenarioState": "Started", "newScenarioState": "Second try",
            "request": { "method": "GET", "url": "/flaky" }, "response": { "status": 503 } },
          { "scenarioName": "Flaky", "requiredScenarioState": "Second try", "newScenarioState": "Recovered",
            "request": { "method": "GET", "url": "/flaky" }, "response": { "status": 503 } },
          { "scenarioName": "Flaky", "requiredScenarioState": "Recovered",
            "request": { "method": "GET", "url": "/flaky" }, "response": { "status": 200, "body": "done" } } ] }
        """#,
        // Secrets in a stub, as https://wiremock.org/docs/request-matching/ matches headers.
        "secure.json": #"""
        { "request": { "method": "GET", "url": "/secure",
                       "headers": { "Authorization": { "equalTo": "Bearer wm-secret-777" } } },
          "response": { "status": 200, "headers": { "Set-Cookie": "sid=wm-cookie-888" },
                        "jsonBody": { "token": "wm-token-999", "user": "ada" } } }
        """#,
    ]
}

extension Array where Element: Sendable {
    /// The results of `transform` on each element, one after another.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
