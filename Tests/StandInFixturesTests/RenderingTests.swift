import StandInFixtures
import Testing

@Suite struct RenderingTests {
    private func render(_ fixture: String, _ request: TestRequest, requestId: String = "rid") throws -> String {
        let result = try load(["f.json": fixture])
        try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let index = FixtureIndex(result.fixtures)
        var facts = RequestFacts(request)
        let match = try #require(index.match(&facts))
        var context = RenderContext(
            facts: facts,
            captures: match.captures,
            requestId: requestId,
            random: TemplateRandom(seed: 1)
        )
        return String(decoding: match.fixture.response.body.render(with: &context), as: UTF8.self)
    }

    @Test func staticEnvelopeIsOneLiteralAroundTheRequestId() throws {
        let result = try load([
            "f.json": #"{"request": {"path": "/a"}, "response": {"envelope": {"data": {"b": [1, 2]}}}}"#
        ])
        let body = try #require(result.fixtures.first).response.body
        #expect(body.literalRunCount == 2)
        #expect(body.holes.map(\.placeholder) == [.requestId])
        #expect(
            try render(
                #"{"request": {"path": "/a"}, "response": {"envelope": {"data": {"b": [1, 2]}}}}"#,
                TestRequest("/a")
            )
                == #"{"code":0,"message":"success","data":{"b":[1,2]},"request_id":"rid"}"#
        )
    }

    @Test func fixedBodiesNeedNoRendering() throws {
        let result = try load(["f.json": #"{"request": {"path": "/a"}, "response": {"json": {"k": "v"}}}"#])
        #expect(try #require(result.fixtures.first).response.body.fixedBytes == Array(#"{"k":"v"}"#.utf8))
    }

    @Test func numbersAndKeyOrderAreKeptAsWritten() throws {
        let fixture = #"{"request": {"path": "/a"}, "response": {"json": {"z": 1.50, "a": 1e3, "m": -0}}}"#
        #expect(try render(fixture, TestRequest("/a")) == #"{"z":1.50,"a":1e3,"m":-0}"#)
    }

    @Test func templatesResolveFromTheRequest() throws {
        let fixture = #"""
            {"request": {"method": "POST", "path": "/u/{id}"},
             "response": {"text": "{{path.id}} {{query.q}} {{header.x-a}} {{body.user.name}} {{body./tags/1}} {{requestId}} [{{query.none}}]"}}
            """#
        let request = TestRequest(
            "POST",
            "/u/7?q=hello+world",
            headers: ["X-A": "h"],
            body: #"{"user": {"name": "Ada"}, "tags": ["x", "y"]}"#
        )
        #expect(try render(fixture, request, requestId: "r1") == "7 hello world h Ada y r1 []")
    }

    @Test func valuesInsideJSONStringsAreEscaped() throws {
        let fixture = #"{"request": {"path": "/a"}, "response": {"json": {"echo": "<{{header.x}}>"}}}"#
        let request = TestRequest("/a", headers: ["x": "\"quote\" \\ \n"])
        #expect(try render(fixture, request) == #"{"echo":"<\"quote\" \\ \n>"}"#)
    }

    @Test func textTemplatesAreNotEscaped() throws {
        let fixture = #"{"request": {"path": "/a"}, "response": {"text": "{{header.x}}"}}"#
        #expect(try render(fixture, TestRequest("/a", headers: ["x": #""q""#])) == #""q""#)
    }

    @Test func aBackslashBeforeBracesKeepsThemAsText() throws {
        // In a JSON string a backslash is written `\\`: the text is `\{{randomValue …}}`, `\\{{path.id}}`, `\\\{{x}}`.
        let fixture = #"""
            {"request": {"path": "/u/{id}"},
             "response": {"text": "\\{{randomValue length=8}} \\\\{{path.id}} \\\\\\{{x}} a\\b {{path.id}}",
                          "headers": {"X-Kept": "\\{{now format='yyyy'}}"}}}
            """#
        #expect(try render(fixture, TestRequest("/u/7")) == #"{{randomValue length=8}} \7 \{{x}} a\b 7"#)
        let json = #"{"request": {"path": "/a"}, "response": {"json": {"k": "\\{{unknown}} {{query.q}}"}}}"#
        #expect(try render(json, TestRequest("/a?q=1")) == #"{"k":"{{unknown}} 1"}"#)
    }

    @Test func wholeBodyTemplateEchoesTheBody() throws {
        let fixture = #"{"request": {"method": "POST", "path": "/a"}, "response": {"text": "got {{body}}"}}"#
        #expect(try render(fixture, TestRequest("POST", "/a", body: "raw")) == "got raw")
    }

    @Test func requestIdsAreHexAndDistinct() {
        var generator = RequestIDGenerator()
        let ids = (0..<1000).map { _ in generator.next() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(RequestIDGenerator.acceptable("abc-123") == "abc-123")
        #expect(RequestIDGenerator.acceptable("has space") == nil)
        #expect(RequestIDGenerator.acceptable(String(repeating: "a", count: 129)) == nil)
    }
}
