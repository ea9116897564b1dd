import StandInFixtures
import Testing

/// Loader diagnostics for `delay`, `fault`, `variants`, `sequence` and `afterLast`: the reason and the line.
@Suite struct SimulationDiagnosticsTests {
    @Test func badDelayNamesTheDelayKeysLine() throws {
        let text = """
            {
              "request": { "path": "/a" },
              "response": {
                "status": 200,
                "delay": "fast"
              }
            }
            """
        #expect(
            try diagnosis(of: text)
                == #"5: "fast" is not a duration; write a number and a unit (us, ms, s or m), like "120ms", "2s" or "1.5s""#
        )
    }

    @Test func badDelayObjectNamesTheDelayKeysLine() throws {
        let text = """
            {
              "request": { "path": "/a" },
              "response": {
                "delay": {
                  "min": "2s",
                  "max": "1s"
                }
              }
            }
            """
        #expect(try diagnosis(of: text) == "4: delay min must not exceed max")
    }

    @Test func badFaultNamesTheFaultKeysLine() throws {
        let text = """
            {
              "request": { "path": "/a" },
              "response": {
                "fault": "explode"
              }
            }
            """
        #expect(try diagnosis(of: text)?.hasPrefix(#"4: unknown fault "explode"; use connection-reset"#) == true)
    }

    @Test func badFaultObjectNamesTheLineOfTheKeyAtFault() throws {
        let text = """
            {
              "request": { "path": "/a" },
              "response": {
                "fault": {
                  "type": "slow-body",
                  "bytesPerSecond": 0
                }
              }
            }
            """
        #expect(try diagnosis(of: text) == "6: fault.bytesPerSecond must be within 1...1000000000, not 0")
        let timeout = """
            {
              "request": { "path": "/a" },
              "response": {
                "fault": { "type": "timeout", "bytesPerSecond": 10 }
              }
            }
            """
        #expect(try diagnosis(of: timeout) == "4: bytesPerSecond applies only to slow-body")
    }

    @Test func variantProblemsNameTheirLines() throws {
        func variants(_ lines: String) -> String {
            """
            {
              "request": { "path": "/users/{id}" },
              "response": { "json": {} },
              "variants": {
            \(lines)
              }
            }
            """
        }
        let cases: [(String, String)] = [
            (
                #"    "slow": { "delay": "soon" }"#,
                #"5: "soon" is not a duration; write a number and a unit (us, ms, s or m), like "120ms", "2s" or "1.5s""#
            ),
            (
                "    \"a\": {},\n    \"b\": {\n      \"stauts\": 404\n    }",
                #"7: unknown key "stauts" in variants.b; did you mean "status"?"#
            ),
            (
                "    \"a\": {\n      \"text\": \"x\",\n      \"json\": 1\n    }",
                #"7: a response has one body form, not "text" and "json""#
            ),
            (#"    "a": { "text": "{{path.nope}}" }"#, "5: {{path.nope}} names no path parameter"),
            (#"    "a": { "headers": { "X-A": "{{path.nope}}" } }"#, "5: {{path.nope}} names no path parameter"),
            (#"    "a": { "fault": "explode" }"#, #"5: unknown fault "explode""#),
            (#"    "a": { "status": 42 }"#, "5: variants.a.status must be within 100...599, not 42"),
            (#"    "a": { "envelope": { "msg": "x" } }"#, #"5: unknown key "msg" in variants.a.envelope"#),
            (#"    "a": "not-found""#, "5: variants.a must be an object, not string"),
            (#"    "a b": {}"#, #"5: variant name "a b" may use only letters, digits, "-", "_" and ".""#),
            ("    \"a\": {},\n    \"a\": {}", #"6: variants has "a" twice"#),
        ]
        for (lines, expected) in cases {
            let found = try diagnosis(of: variants(lines))
            #expect(found?.hasPrefix(expected) == true, "\(lines) gave \(found ?? "no diagnostic")")
        }
        let notAnObject = #"{"request": {"path": "/a"}, "response": {},"# + "\n" + #""variants": ["a"]}"#
        #expect(try diagnosis(of: notAnObject) == "2: variants must be an object, not array")
    }

    @Test func sequenceProblemsNameTheirLines() throws {
        let cases: [(String, String)] = [
            (#""sequence": []"#, "3: sequence must list at least one response"),
            (#""sequence": {"status": 200}"#, "3: sequence must be a list of responses, not object"),
            (#""sequence": [{}, 5]"#, "3: sequence[1] must be an object, not number"),
            (
                "\"sequence\": [\n  {},\n  { \"stauts\": 200 }\n]",
                #"5: unknown key "stauts" in sequence[1]; did you mean "status"?"#
            ),
            ("\"sequence\": [\n  { \"delay\": \"1h\" }\n]", #"4: "1h" is not a duration"#),
            (#""response": {}, "sequence": [{}]"#, #"3: a fixture has a "response" or a "sequence", not both"#),
            ("\"response\": {},\n\"sequence\": [{}]", #"4: a fixture has a "response" or a "sequence", not both"#),
            (
                #""description": "none""#,
                #"1: a fixture needs a "response" object, a "sequence" list or a "websocket" object"#
            ),
            (#""sequence": [{}], "afterLast": "loop""#, #"3: afterLast must be "repeat-last" or "cycle", not "loop""#),
            (#""sequence": [{}], "afterLast": 1"#, "3: afterLast must be a string, not number"),
            (#""response": {}, "afterLast": "cycle""#, #"3: afterLast applies only to a "sequence""#),
            (#""response": {}, "sequenceBy": "path.id""#, #"3: sequenceBy applies only to a "sequence""#),
            (#""sequence": [{}], "sequenceBy": "path.id""#, "3: {{path.id}} names no path parameter"),
            (#""sequence": [{}], "sequenceBy": "{{query.a}}""#, "3: sequenceBy is an expression without braces"),
        ]
        for (members, expected) in cases {
            let text = "{\n  \"request\": { \"path\": \"/a\" },\n" + members + "\n}"
            let found = try diagnosis(of: text)
            #expect(found?.hasPrefix(expected) == true, "\(members) gave \(found ?? "no diagnostic")")
        }
    }

    @Test func goodSimulationFixturesLoadCleanly() throws {
        let result = try load([
            "jobs.json": """
            {
              "request": { "path": "/jobs/{id}" },
              "sequence": [{ "status": 503 }, { "json": { "id": "{{path.id}}" } }],
              "afterLast": "cycle",
              "variants": { "slow": { "delay": { "median": "100ms", "p99": "1s" } } }
            }
            """,
            "ping.json": #"{"request": {"path": "/ping"}, "response": {"fault": {"type": "slow-body"}}}"#,
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.fixtures.map(\.id) == ["jobs.json", "ping.json"])
        #expect(result.fixtures.last?.response.fault == .slowBody(bytesPerSecond: 1024))
    }
}
