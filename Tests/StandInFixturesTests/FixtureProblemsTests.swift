import Foundation
import StandInFixtures
import Testing

/// Checking reports every problem of a file in one run, and suggests what a typo meant.
@Suite struct FixtureProblemsTests {
    @Test func aMethodNearAStandardOneIsATypo() throws {
        let text = #"{ "request": { "method": "PSOT", "path": "/a" }, "response": {} }"#
        #expect(try diagnosis(of: text) == #"1: unknown method "PSOT"; did you mean "POST"?"#)
    }

    @Test(arguments: ["PURGE", "TRACK", "PROPFIND", "report"])
    func otherMethodTokensStayAllowed(method: String) throws {
        let loaded = try fixture(#"{ "request": { "method": "\#(method)", "path": "/a" }, "response": {} }"#)
        #expect(loaded.request.method == .exact(method.uppercased()))
    }

    @Test func anUnknownKeySuggestsTheNearestKnownOne() throws {
        let text = "{\n  \"request\": { \"path\": \"/a\" },\n  \"reponse\": {}\n}"
        let found = try load(["f.json": text]).diagnostics.map { "\($0.line): \($0.reason)" }
        #expect(found.first == #"3: unknown key "reponse" in fixture; did you mean "response"?"#)
    }

    @Test func anUnknownKeyFarFromEveryKnownOneListsThem() throws {
        let text = #"{ "request": { "path": "/a", "verb": "GET" }, "response": {} }"#
        #expect(
            try diagnosis(of: text)?.hasPrefix(#"1: unknown key "verb" in request; expected one of "method""#) == true
        )
    }

    @Test func everyProblemOfAFileIsReported() throws {
        let text = """
            {
              "request": { "method": "PSOT", "path": "/a" },
              "response": {
                "stauts": 200,
                "delay": "soon"
              }
            }
            """
        let found = try load(["f.json": text]).diagnostics.map { "\($0.line): \($0.reason)" }
        #expect(
            found == [
                #"2: unknown method "PSOT"; did you mean "POST"?"#,
                #"4: unknown key "stauts" in response; did you mean "status"?"#,
                #"5: "soon" is not a duration; write a number and a unit (us, ms, s or m), like "120ms", "2s" or "1.5s""#,
            ]
        )
    }

    @Test func problemsOfEveryFileAreReported() throws {
        let loaded = try load([
            "a.json": #"{ "request": { "path": "a" }, "response": {} }"#,
            "b.json": #"{ "request": { "path": "/b" }, "response": { "status": 42 } }"#,
            "c.json": #"{ "request": { "path": "/c" }, "response": {} }"#,
        ])
        #expect(loaded.diagnostics.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["a.json", "b.json"])
        #expect(loaded.fixtures.map(\.id) == ["c.json"])
    }

    @Test(arguments: [
        (#""response": { "status": 204, "envelope": {} }"#, #"1: a 204 response has no body; remove its "envelope""#),
        (#""response": { "status": 304, "text": "x" }"#, #"1: a 304 response has no body; remove its "text""#),
        (#""response": { "status": 101, "json": 1 }"#, #"1: a 101 response has no body; remove its "json""#),
        (
            #""response": { "json": 1 }, "variants": { "gone": { "status": 204, "json": 2 } }"#,
            #"1: a 204 response has no body; remove its "json""#
        ),
    ])
    func aBodyOnAStatusThatHasNoneIsAnError(members: String, expected: String) throws {
        let found = try diagnosis(of: #"{ "request": { "path": "/a" }, "# + members + " }")
        #expect(found?.hasPrefix(expected) == true, "\(found ?? "no diagnostic")")
    }

    @Test func aBodilessStatusWithoutABodyIsFine() throws {
        let loaded = try fixture(#"{ "request": { "path": "/a" }, "response": { "status": 204 } }"#)
        #expect(loaded.response.status == 204)
    }

    @Test func corsSettingsAreRead() throws {
        let loaded = try load([
            "standin.json": #"""
            { "cors": { "allowOrigin": "http://localhost:3000", "allowMethods": ["get", "POST"],
                        "allowHeaders": ["Authorization"], "allowCredentials": true, "maxAge": 600 } }
            """#
        ])
        #expect(loaded.diagnostics.isEmpty)
        let cors = try #require(loaded.config.cors)
        #expect(
            cors
                == CORSPolicy(
                    allowOrigin: "http://localhost:3000",
                    allowMethods: ["GET", "POST"],
                    allowHeaders: ["Authorization"],
                    allowCredentials: true,
                    maxAge: 600
                )
        )
        #expect(
            loaded.config.headers.map(\.name) == ["Access-Control-Allow-Origin", "Access-Control-Allow-Credentials"]
        )
    }

    @Test func everyProblemOfTheSettingsIsReported() throws {
        let settings = """
            {
              "envelope": { "codeKey": 1 },
              "headrs": {},
              "cors": { "maxAge": -1 }
            }
            """
        let loaded = try load(["standin.json": settings])
        #expect(
            loaded.diagnostics.map { "\($0.line): \($0.reason)" } == [
                "2: envelope.codeKey must be a string, not number",
                #"3: unknown key "headrs" in standin.json; did you mean "headers"?"#,
                "4: cors.maxAge must be within 0...86400, not -1",
            ]
        )
    }

    @Test func credentialsWithAnyOriginAreRefused() throws {
        let loaded = try load(["standin.json": #"{ "cors": { "allowCredentials": true } }"#])
        #expect(loaded.diagnostics.first?.reason.hasPrefix("cors.allowCredentials needs one origin") == true)
    }
}
