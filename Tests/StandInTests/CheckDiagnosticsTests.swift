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
