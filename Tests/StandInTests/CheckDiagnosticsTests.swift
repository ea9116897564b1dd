import Foundation
import ServerTestSupport
import Testing

/// `check` and `serve` report every problem of every fixture file, one `file:line: reason` per line.
@Suite struct CheckDiagnosticsTests {
    private static let threeMistakes = """
        {
          "request": { "method": "PSOT", "path": "/orders" },
          "reponse": { "text": "ok" },
          "priority": "high"
        }
        """

    @Test func checkReportsEveryMistakeOfAFileWithWhatWasMeant() async throws {
        try await withMocks(["orders/create.json": Self.threeMistakes]) { directory in
            let mocks = directory.path
            let result = try await StandInBinary.run(["check", "--mocks", mocks])
            #expect(result.status == 1)
            let lines = result.output.split(separator: "\n").map(String.init)
            let file = "\(mocks)/orders/create.json"
            #expect(
                lines == [
                    #"\#(file):2: unknown method "PSOT"; did you mean "POST"?"#,
                    #"\#(file):3: unknown key "reponse" in fixture; did you mean "response"?"#,
                    #"\#(file):4: priority must be an integer, not string"#,
                    "3 problem(s) in 1 file(s); 0 fixture(s) OK.",
                ],
                "\(result.output)"
            )
        }
    }

    @Test func checkNamesTheMistakesOfAWebSocketFixture() async throws {
        func fixture(_ conversation: String) -> String {
            """
            {
              "request": { "path": "/chat" },
              "websocket": {
                \(conversation)
              }
            }
            """
        }
        try await withMocks([
            "step.json": fixture(#""onOpen": [ { "sned": "hi" } ]"#),
            "reserved.json": fixture(#""on": [ { "match": { "text": "x" }, "reply": [ { "close": 1005 } ] } ]"#),
            "range.json": fixture(#""otherwise": [ { "close": 999 } ]"#),
            "matcher.json": fixture(#""on": [ { "match": {}, "reply": [] } ]"#),
            "template.json": fixture(#""otherwise": [ { "send": "{{message.txt}}" } ]"#),
        ]) { directory in
            let result = try await StandInBinary.run(["check", "--mocks", directory.path])
            #expect(result.status == 1)
            let folder = directory.path
            #expect(
                result.output.split(separator: "\n").map(String.init) == [
                    "\(folder)/matcher.json:4: websocket.on[0].match needs exactly one matcher: \"json\", \"text\", \"binary\"",
                    "\(folder)/range.json:4: close code 999 is outside 1000–4999",
                    "\(folder)/reserved.json:4: close code 1005 is reserved and never sent in a close frame; use "
                        + "1000–1003, 1007–1014 or 3000–4999",
                    "\(folder)/step.json:4: unknown key \"sned\" in websocket.onOpen[0]; did you mean \"send\"?",
                    "\(folder)/template.json:4: unknown template {{message.txt}}; a websocket reply reads message.text, "
                        + "message.json or message.json.PATH",
                    "5 problem(s) in 5 file(s); 0 fixture(s) OK.",
                ],
                "\(result.output)"
            )
        }
    }

    @Test func checkNamesTheMistakesOfAGraphQLFixture() async throws {
        func fixture(matcher: String, response: String = #"{ "graphql": { "data": {} } }"#) -> String {
            """
            {
              "request": { "path": "/graphql",
                           "graphql": \(matcher) },
              "response": \(response)
            }
            """
        }
        try await withMocks([
            "name.json": fixture(matcher: #"{ "operation": "GetUser" }"#),
            "variables.json": fixture(matcher: #"{ "variables": ["id"] }"#),
            "hash.json": fixture(matcher: #"{ "persistedQueryHash": "abc" }"#),
            "errors.json": fixture(matcher: "{}", response: #"{ "graphql": { "errors": [ { "path": ["user"] } ] } }"#),
            "form.json": fixture(matcher: "{}", response: #"{ "graphql": { "date": {} } }"#),
            "template.json": fixture(matcher: "{}", response: #"{ "graphql": { "data": "{{graphql.varibles.id}}" } }"#),
        ]) { directory in
            let result = try await StandInBinary.run(["check", "--mocks", directory.path])
            #expect(result.status == 1)
            let lines = result.output.split(separator: "\n").map(String.init)
            let folder = directory.path
            #expect(
                lines == [
                    "\(folder)/errors.json:4: each of response.graphql.errors needs a \"message\" string",
                    "\(folder)/form.json:4: unknown key \"date\" in response.graphql; did you mean \"data\"?",
                    "\(folder)/hash.json:3: request.graphql.persistedQueryHash must be 64 hex digits",
                    "\(folder)/name.json:3: unknown key \"operation\" in request.graphql; expected one of "
                        + "\"operationName\", \"variables\", \"query\", \"persistedQueryHash\"",
                    "\(folder)/template.json:4: unknown template {{graphql.varibles.id}}; use path.NAME, query.NAME, "
                        + "header.NAME, body, body.PATH, graphql.operationName, graphql.variables.NAME, requestId, uuid, "
                        + "now, now \"+1h\", now \"unix\", randomInt MIN MAX, pick A B, or json EXPR",
                    "\(folder)/variables.json:3: request.graphql.variables must be an object, not array",
                    "6 problem(s) in 6 file(s); 0 fixture(s) OK.",
                ],
                "\(result.output)"
            )
        }
    }

    @Test func checkNamesTheMistakesOfAnEventStream() async throws {
        let fixture = """
            {
              "request": { "path": "/feed" },
              "response": {
                "events": [ { "data": "a", "delay": "later" } ],
                "fault": "cut-stream",
                "afterEvents": 2
              }
            }
            """
        try await withMocks([
            "feed.json": fixture, "empty.json": #"{ "request": { "path": "/e" }, "response": { "events": [] } }"#,
        ]) {
            directory in
            let result = try await StandInBinary.run(["check", "--mocks", directory.path])
            #expect(result.status == 1)
            #expect(
                result.output.contains(#"feed.json:4: response.events[0].delay: "later" is not a duration"#),
                "\(result.output)"
            )
            #expect(result.output.contains("empty.json:1: response.events is empty"), "\(result.output)")
        }
    }

    @Test func checkRefusesABodyOnNoContent() async throws {
        let fixture = #"{ "request": { "path": "/a" }, "response": { "status": 204, "envelope": {} } }"#
        try await withMocks(["a.json": fixture]) { directory in
            let mocks = directory.path
            let result = try await StandInBinary.run(["check", "--mocks", mocks])
            #expect(result.status == 1)
            #expect(result.output.contains(#"a.json:1: a 204 response has no body; remove its "envelope""#))
        }
    }

    @Test func checkRefusesAReadRateThatIsNotARate() async throws {
        let fixture = #"{ "request": { "method": "POST", "path": "/up", "readRate": "fast" }, "response": {} }"#
        try await withMocks(["up.json": fixture]) { directory in
            let mocks = directory.path
            let result = try await StandInBinary.run(["check", "--mocks", mocks])
            #expect(result.status == 1)
            #expect(result.output.contains(#"up.json:1: request.readRate: "fast" is not a rate"#), "\(result.output)")
        }
    }

    @Test func checkWarnsOfFixturesThatDifferOnlyByHostWithoutFailing() async throws {
        func fixture(host: String, headers: String) -> String {
            """
            {
              "request": { "path": "/users/{id}", "host": "\(host)",
                           "headers": \(headers) },
              "response": {}
            }
            """
        }
        try await withMocks([
            "users/a.json": fixture(host: "api.example.com", headers: #"{ "Accept": "json", "X-App": "ios" }"#),
            // The same headers, written in another order and case: the same conditions.
            "users/b.json": fixture(host: "API.other.com", headers: #"{ "x-app": "ios", "accept": "json" }"#),
            "users/c.json": fixture(host: "api.third.com", headers: #"{ "X-App": "android" }"#),
        ]) { directory in
            let result = try await StandInBinary.run(["check", "--mocks", directory.path])
            #expect(result.status == 0)
            let folder = directory.path
            #expect(
                result.output.split(separator: "\n").map(String.init) == [
                    "\(folder)/users/a.json:2: warning: GET /users/{id} for api.example.com and \(folder)/users/b.json "
                        + "for api.other.com answer the same requests on the main port, where request.host is not "
                        + "matched; the first by file name wins there",
                    "3 fixture(s) OK.",
                ],
                "\(result.output)"
            )
        }
    }

    @Test func serveStartsEachDiagnosticLineWithFileAndLine() async throws {
        try await withMocks(["orders/create.json": Self.threeMistakes]) { directory in
            let mocks = directory.path
            let result = try await StandInBinary.run(["serve", "--strict", "--port", "0", "--mocks", mocks])
            #expect(result.status != 0)
            let file = "\(mocks)/orders/create.json"
            let diagnostics = result.error.split(separator: "\n").filter { $0.hasPrefix(file) }
            #expect(diagnostics.count == 3, "\(result.error)")
            #expect(diagnostics.first == #"\#(file):2: unknown method "PSOT"; did you mean "POST"?"#)
        }
    }
}
