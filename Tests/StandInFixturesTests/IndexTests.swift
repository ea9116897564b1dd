import StandInFixtures
import Testing

@Suite struct IndexTests {
    private func index(_ files: [String: String]) throws -> FixtureIndex {
        let result = try load(files)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return FixtureIndex(result.fixtures)
    }

    private func matchID(_ index: FixtureIndex, _ request: TestRequest) -> String? {
        var facts = RequestFacts(request)
        return index.match(&facts)?.fixture.id
    }

    @Test func literalBeatsTemplateBeatsRegex() throws {
        let index = try index([
            "literal.json": #"{"request": {"path": "/u/me"}, "response": {}}"#,
            "template.json": #"{"request": {"path": "/u/{id}"}, "response": {}}"#,
            "regex.json": #"{"request": {"pathRegex": "^/u/.*$"}, "response": {}}"#,
        ])
        #expect(matchID(index, TestRequest("/u/me")) == "literal.json")
        #expect(matchID(index, TestRequest("/u/7")) == "template.json")
        #expect(matchID(index, TestRequest("/u/7/x")) == "regex.json")
        #expect(matchID(index, TestRequest("/v")) == nil)
    }

    @Test func priorityOverridesPathKind() throws {
        let index = try index([
            "literal.json": #"{"request": {"path": "/u/me"}, "response": {}}"#,
            "template.json": #"{"request": {"path": "/u/{id}"}, "priority": 1, "response": {}}"#,
        ])
        #expect(matchID(index, TestRequest("/u/me")) == "template.json")
    }

    @Test func moreLiteralSegmentsAndMoreConditionsWinTies() throws {
        let index = try index([
            "a.json": #"{"request": {"path": "/u/{id}/{x}"}, "response": {}}"#,
            "b.json": #"{"request": {"path": "/u/{id}/posts"}, "response": {}}"#,
            "c.json": #"{"request": {"path": "/s"}, "response": {}}"#,
            "d.json": #"{"request": {"path": "/s", "query": {"q": "1"}}, "response": {}}"#,
        ])
        #expect(matchID(index, TestRequest("/u/1/posts")) == "b.json")
        #expect(matchID(index, TestRequest("/u/1/likes")) == "a.json")
        #expect(matchID(index, TestRequest("/s?q=1")) == "d.json")
        #expect(matchID(index, TestRequest("/s?q=2")) == "c.json")
    }

    @Test func templateCapturesSegmentsAndNeedsEverySegment() throws {
        let index = try index(["t.json": #"{"request": {"path": "/a/{x}/b/{y}"}, "response": {}}"#])
        var facts = RequestFacts(TestRequest("/a/1/b/2"))
        let match = try #require(index.match(&facts))
        #expect(match.captures.map(\.value) == ["1", "2"])
        #expect(matchID(index, TestRequest("/a/1/b")) == nil)
        #expect(matchID(index, TestRequest("/a//b/2")) == nil)
        #expect(matchID(index, TestRequest("/a/1/b/2/c")) == nil)
        #expect(matchID(index, TestRequest("/a/1/b/2/")) == nil)
        #expect(matchID(index, TestRequest("a/1/b/2")) == nil)
        #expect(matchID(index, TestRequest("/")) == nil)
    }

    @Test func templateLiteralSegmentsCompareAsText() throws {
        let index = try index(["t.json": #"{"request": {"path": "/caf\u00e9/{id}"}, "response": {}}"#])
        var facts = RequestFacts(TestRequest("/cafe\u{301}/7"))
        #expect(index.match(&facts)?.captures.map(\.value) == ["7"])
    }

    @Test func valueMatchers() {
        #expect(ValueMatcher.equals("a").matches(["b", "a"]))
        #expect(!ValueMatcher.equals("a").matches([String]()))
        #expect(ValueMatcher.prefix("Bearer ").matches(["Bearer x"]))
        #expect(ValueMatcher.contains("ios").matches(["app-ios"]))
        #expect(ValueMatcher.present(false).matches([String]()))
        #expect(!ValueMatcher.present(false).matches(["x"]))
        #expect(ValueMatcher.present(true).matches([""]))
    }

    @Test func queryStringIsDecodedWithPlusAsSpace() {
        let pairs = QueryString.parse("a=1&b=x+y&c=%E2%9C%93&flag&&d=%zz")
        #expect(pairs.map(\.name) == ["a", "b", "c", "flag", "d"])
        #expect(pairs.map(\.value) == ["1", "x y", "✓", "", "%zz"])
    }

    @Test func nearMissesRankThePathFirst() throws {
        let index = try index([
            "a.json": #"{"request": {"path": "/orders", "method": "POST"}, "response": {}}"#,
            "b.json": #"{"request": {"path": "/users"}, "response": {}}"#,
        ])
        var facts = RequestFacts(TestRequest("GET", "/orders"))
        let misses = index.nearMisses(for: &facts)
        #expect(misses.map(\.fixture.id) == ["a.json", "b.json"])
        #expect(misses.first?.differences == ["method is GET, fixture expects POST"])
    }
}
