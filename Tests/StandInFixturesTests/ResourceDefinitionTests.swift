import StandInFixtures
import Testing

/// A `"resource"` fixture with a bad seed is reported at its line, like any broken fixture file.
@Suite struct ResourceDefinitionTests {
    @Test func aGoodResourceLoadsWithItsSeed() throws {
        let result = try load([
            "todos.json": #"{"resource": {"path": "/todos", "seed": [{"id": 1}, {"id": 5}]}}"#
        ])
        #expect(result.diagnostics.isEmpty)
        let resource = try #require(result.resources.first)
        #expect(resource.path == "/todos")
        #expect(resource.idField == "id")
        #expect(resource.numericIDs)
        #expect(resource.seed.count == 2)
    }

    @Test(arguments: [
        (#"[{"id": 1},"# + "\n" + #"{"id": 1}]"#, "2: resource.seed[1] repeats the id 1"),
        (#"[{"id": 1},"# + "\n" + #"[2]]"#, "2: resource.seed[1] must be an object, not array"),
        (#"[{"id": 1},"# + "\n" + #"{"name": "x"}]"#, #"2: resource.seed[1] has no "id" (the idField)"#),
        (#"[{"id": 1},"# + "\n" + #"{"id": "a"}]"#, "2: resource.seed[1] has a string id"),
        (#"[{"id": 1},"# + "\n" + #"{"id": true}]"#, "2: resource.seed[1].id must be a whole number or a string"),
    ])
    func badSeedsAreReportedAtTheirLine(seed: String, diagnosis expected: String) throws {
        let contents = #"{"resource": {"path": "/todos", "seed": "# + seed + "}}"
        let diagnosis = try #require(try diagnosis(of: contents))
        #expect(diagnosis.hasPrefix(expected), "\(diagnosis)")
    }

    @Test func aPathWithATemplateOrTwoResourcesOnOnePathAreRefused() throws {
        let template = try diagnosis(of: #"{"resource": {"path": "/todos/{id}"}}"#)
        #expect(template?.contains("must be a literal path") == true)
        let twice = try load([
            "a.json": #"{"resource": {"path": "/todos"}}"#,
            "b.json": #"{"resource": {"path": "/todos"}}"#,
        ])
        #expect(twice.diagnostics.map(\.reason) == [#"resource.path "/todos" is already served by a.json"#])
    }

    @Test func delayFaultAndVariantsAreCheckedAtTheirLine() throws {
        let contents = """
            {"resource": {"path": "/todos",
                          "delay": "soon",
                          "fault": "melt"},
             "variants": {"down": {"status": 700},
                          "odd": {"respnse": {}}}}
            """
        let result = try load(["todos.json": contents])
        let lines = result.diagnostics.map { "\($0.line): \($0.reason)" }
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first?.hasPrefix("2: ") == true && lines.first?.contains("soon") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("3: ") == true && lines.dropFirst().first?.contains("melt") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("4: ") == true && lines.dropFirst(2).first?.contains("700") == true)
        #expect(lines.last?.hasPrefix(#"5: unknown key "respnse""#) == true, "\(lines)")
    }

    @Test func variantsThatSetAStatusHeadersOrABodyAnswerInPlaceOfTheStore() throws {
        let result = try load([
            "todos.json": #"""
            {"resource": {"path": "/todos", "delay": "40ms"},
             "variants": {"down": {"status": 503}, "tagged": {"headers": {"X-A": "1"}},
                          "empty": {"json": []}, "slow": {"delay": "2s"}, "reset": {"fault": "connection-reset"}}}
            """#
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let resource = try #require(result.resources.first)
        #expect(resource.replacingVariants == ["down", "tagged", "empty"])
        #expect(resource.fixture.endpoint == "ANY /todos")
        #expect(resource.fixture.variantNames == ["down", "empty", "reset", "slow", "tagged"])
        #expect(resource.fixture.response.delay == .fixed(.milliseconds(40)))
        #expect(try resource.fixture.response(step: 0, variant: "down").delay == .fixed(.milliseconds(40)))
    }
}
