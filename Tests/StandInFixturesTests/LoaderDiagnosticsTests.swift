import Foundation
import ServerTestSupport
import StandInFixtures
import Testing

@Suite struct LoaderDiagnosticsTests {
    @Test func syntaxErrorNamesTheParsersLine() throws {
        let result = try load(["users/get.json": "{\n  \"request\": {\"path\": \"/a\"},\n  \"response\": {,}\n}"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.file.hasSuffix("users/get.json"))
        #expect(diagnostic.line == 3)
        #expect(diagnostic.reason.hasPrefix("invalid JSON:"))
        #expect(diagnostic.description.hasSuffix("users/get.json:3: \(diagnostic.reason)"))
    }

    @Test func twoBodyFormsNameTheSecondFormsLine() throws {
        let text = """
            {
              "request": { "path": "/a" },
              "response": {
                "text": "a",
                "json": 1
              }
            }
            """
        #expect(try diagnosis(of: text) == #"5: a response has one body form, not "text" and "json""#)
    }

    @Test func unknownMatcherNamesItsLine() throws {
        let text = """
            {
              "request": {
                "path": "/a",
                "headers": { "X-A": { "startsWith": "b" } }
              },
              "response": {}
            }
            """
        #expect(
            try diagnosis(of: text)
                == #"4: unknown matcher "startsWith" in request.headers.X-A; use "equals", "prefix", "contains", "regex", "present""#
        )
    }

    @Test func fileBodyOutsideTheMocksDirectoryIsRefused() throws {
        let text = """
            {
              "request": { "path": "/a" },
              "response": { "file": "../../etc/passwd" }
            }
            """
        #expect(try diagnosis(of: text) == #"3: file body "../../etc/passwd" is outside the mocks directory"#)
    }

    @Test func fileBodyThroughASymbolicLinkOutOfTheMocksDirectoryIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("escape"),
            withDestinationURL: URL(fileURLWithPath: "/etc")
        )
        let text = #"{ "request": { "path": "/a" }, "response": { "file": "escape/hostname" } }"#
        try writeFile(text, to: directory.appendingPathComponent("f.json"))
        let result = try FixtureLoader(directory: directory).load()
        #expect(result.fixtures.isEmpty)
        #expect(result.diagnostics.map(\.reason) == [#"file body "escape/hostname" is outside the mocks directory"#])
    }

    @Test func fileBodiesAreReadBesideTheirFixtureAndRunTimeOnesBesideTheMocksDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = #"{ "request": { "path": "/a" }, "response": { "file": "_files/x.txt" } }"#
        try writeFile("nested", to: directory.appendingPathComponent("a/_files/x.txt"))
        try writeFile("top", to: directory.appendingPathComponent("_files/x.txt"))
        try writeFile(text, to: directory.appendingPathComponent("a/f.json"))
        let loader = FixtureLoader(directory: directory)
        let result = try loader.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try #require(result.fixtures.first).response.body.fixedBytes == Array("nested".utf8))
        let runtime = try loader.decodeFixture(Array(text.utf8), id: "runtime/1", config: result.config)
        #expect(runtime.response.body.fixedBytes == Array("top".utf8))
    }

    @Test func aLinkToAFixtureFileIsAFixtureAndALinkToAFolderIsNotFollowed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeFile(
            #"{ "request": { "path": "/a" }, "response": {} }"#,
            to: directory.appendingPathComponent("_shared/a/f.json")
        )
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("linked.json"),
            withDestinationURL: directory.appendingPathComponent("_shared/a/f.json")
        )
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("folder"),
            withDestinationURL: directory.appendingPathComponent("_shared/a")
        )
        let result = try FixtureLoader(directory: directory).load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.fixtures.map(\.id) == ["linked.json"])
    }

    @Test func missingFileBodyIsReported() throws {
        let text = #"{ "request": { "path": "/a" }, "response": { "file": "_files/none.png" } }"#
        #expect(try diagnosis(of: text)?.hasPrefix(#"1: file body "_files/none.png" cannot be read"#) == true)
    }

    @Test func typosInKeysAreCaught() throws {
        let text = "{\n  \"request\": { \"path\": \"/a\", \"metod\": \"GET\" },\n  \"response\": {}\n}"
        #expect(
            try diagnosis(of: text)?.hasPrefix(#"2: unknown key "metod" in request; did you mean "method"?"#) == true
        )
    }

    @Test func invalidPieces() throws {
        let cases: [(String, String)] = [
            (#"{"request": {"path": "/a", "pathRegex": "/b"}, "response": {}}"#, "request has both"),
            (#"{"request": {"path": "a"}, "response": {}}"#, #"path "a" must start with /"#),
            (#"{"request": {"path": "/a?b=1"}, "response": {}}"#, "has a query"),
            (#"{"request": {"path": "/a/{id}x"}, "response": {}}"#, "must be a whole {name}"),
            (#"{"request": {"path": "/a/{id}/{id}"}, "response": {}}"#, "appears twice"),
            (#"{"request": {"pathRegex": "(unclosed"}, "response": {}}"#, "invalid regular expression"),
            (#"{"request": {"path": "/a", "method": "G T"}, "response": {}}"#, "is not an HTTP method"),
            (#"{"request": {"path": "/a"}, "response": {"status": 99}}"#, "must be within 100...599"),
            (#"{"request": {"path": "/a"}, "response": {"status": "200"}}"#, "must be an integer, not string"),
            (#"{"request": {"path": "/a"}, "response": {"base64": "!!!"}}"#, "not valid base64"),
            (#"{"request": {"path": "/a"}, "response": {"text": "{{path.id}}"}}"#, "names no path parameter"),
            (#"{"request": {"path": "/a"}, "response": {"text": "{{bogus}}"}}"#, "unknown template {{bogus}}"),
            (#"{"request": {"path": "/a"}, "response": {"text": "{{uuid"}}"#, "unterminated {{"),
            (#"{"request": {"path": "/a"}, "response": {"headers": {"Bad Name": "x"}}}"#, "not a valid header name"),
            (#"{"request": {"path": "/a"}, "response": {"headers": {"Location": "/a\r\nX: 1"}}}"#, "has a line break"),
            (#"{"request": {"path": "/a"}, "response": {"headers": {"X-A": "a\u0001b"}}}"#, "control character (0x1)"),
            (#"{"request": {"path": "/a"}, "response": {"headers": {"X-A": 1}}}"#, "must be a string or null, not"),
            (#"{"request": {"path": "/a"}, "response": {"headers": {"Bad Name": null}}}"#, "not a valid header name"),
            (#"{"request": {"path": "/a"}, "response": {"envelope": {"code": "x"}}}"#, "must be an integer"),
            (#"{"request": {"path": "/a"}, "response": {"envelope": {"msg": "x"}}}"#, #"unknown key "msg""#),
            (
                #"{"request": {"path": "/a", "body": {"json": {}, "equals": "x"}}, "response": {}}"#,
                "exactly one matcher"
            ),
            (#"{"request": {"path": "/a"}}"#, #"needs a "response""#),
            (#"{"response": {}}"#, #"needs a "request""#),
            (#"[1]"#, "fixture must be an object, not array"),
        ]
        for (text, expected) in cases {
            let found = try diagnosis(of: text)
            #expect(found?.contains(expected) == true, "\(text) gave \(found ?? "no diagnostic")")
        }
    }

    @Test func goodFixturesLoadBesideBrokenOnes() throws {
        let result = try load([
            "good.json": #"{"request": {"path": "/good"}, "response": {"text": "ok"}}"#,
            "bad.json": "{",
        ])
        #expect(result.fixtures.map(\.id) == ["good.json"])
        #expect(result.diagnostics.count == 1)
    }

    @Test func underscoreAndDotFoldersAndTheConfigAreNotFixtures() throws {
        let result = try load([
            "standin.json": #"{"headers": {"X-A": "1"}}"#,
            "_files/data.json": "not a fixture",
            ".git/x.json": "not a fixture",
            "a/b/c.json": #"{"request": {"path": "/c"}, "response": {}}"#,
            "notes.txt": "ignored",
        ])
        #expect(result.diagnostics.isEmpty)
        #expect(result.fixtures.map(\.id) == ["a/b/c.json"])
        #expect(result.config.headers.map(\.name) == ["X-A"])
    }

    @Test func brokenConfigIsReportedWithItsLine() throws {
        let result = try load(["standin.json": "{\n  \"envelope\": { \"codeKey\": 1 }\n}"])
        #expect(
            result.diagnostics.map(\.description).first?.hasSuffix(
                "standin.json:2: envelope.codeKey must be a string, not number"
            ) == true
        )
        let header = try load(["standin.json": "{\n  \"headers\": {\n    \"X-A\": \"a\\r\\nX-B: 1\"\n  }\n}"])
        #expect(
            header.diagnostics.map(\.description).first?.hasSuffix(
                #"standin.json:3: header "X-A" has a line break in its value"#
            ) == true,
            "\(header.diagnostics)"
        )
    }
}
