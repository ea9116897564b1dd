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
}
