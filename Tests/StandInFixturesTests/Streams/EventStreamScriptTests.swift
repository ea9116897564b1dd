import StandInFixtures
import Testing

/// An `events` response compiled and rendered: the fields in the order the WHATWG standard reads them, data as
/// compact JSON or as one `data:` line per line of text, templates filled per request, and `Last-Event-ID` resume.
@Suite struct EventStreamScriptTests {
    private func stream(
        _ response: String,
        _ request: TestRequest = TestRequest("/s")
    ) throws -> (EventStreamScript, [String]) {
        let result = try load(["f.json": #"{ "request": { "path": "/s" }, "response": \#(response) }"#])
        try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let index = FixtureIndex(result.fixtures)
        var facts = RequestFacts(request)
        let match = try #require(index.match(&facts))
        let script = try #require(match.fixture.response.events)
        var context = RenderContext(
            facts: facts,
            captures: match.captures,
            requestId: "rid",
            random: TemplateRandom(seed: 1)
        )
        let first = script.firstEvent(after: request.header(named: "Last-Event-ID"))
        return (script, script.render(from: first, with: &context).map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func fieldsGoOutCommentEventIDRetryThenData() throws {
        let (_, events) = try stream(
            #"{ "events": [ { "data": { "a": [1, 2] }, "retry": "1.5s", "id": "7", "event": "tick", "comment": "c" } ] }"#
        )
        #expect(events == [": c\nevent: tick\nid: 7\nretry: 1500\ndata: {\"a\":[1,2]}\n\n"])
    }

    @Test func textWithLineBreaksIsOneDataLinePerLine() throws {
        let (_, events) = try stream(#"{ "events": [ { "data": "one\ntwo\r\nthree\n" }, { "data": "" } ] }"#)
        #expect(events == ["data: one\ndata: two\ndata: three\ndata: \n\n", "data: \n\n"])
    }

    @Test func templatesInDataAreFilledPerRequest() throws {
        let (_, events) = try stream(
            #"{ "events": [ { "data": { "q": "{{query.q}}" } }, { "data": "id {{requestId}}" } ] }"#,
            TestRequest("/s?q=a%22b")
        )
        #expect(events == [#"data: {"q":"a\"b"}"# + "\n\n", "data: id rid\n\n"])
    }

    @Test func theStreamOpensWithItsRetryAndEachEventKeepsItsDelay() throws {
        let (script, _) = try stream(
            #"{ "events": [ { "data": "a", "delay": "40ms" }, { "data": "b" } ], "retry": "3s" }"#
        )
        #expect(String(decoding: script.opening, as: UTF8.self) == "retry: 3000\n\n")
        #expect(script.events.map(\.delay) == [.milliseconds(40), .zero])
        #expect(script.ending == .close)
    }

    @Test func lastEventIDResumesAfterTheLastEventWithThatID() throws {
        let events = #"{ "events": [ { "id": "1", "data": "a" }, { "id": "2", "data": "b" }, { "data": "c" } ] }"#
        #expect(
            try stream(events, TestRequest("/s", headers: ["Last-Event-ID": "1"])).1 == [
                "id: 2\ndata: b\n\n", "data: c\n\n",
            ]
        )
        #expect(try stream(events, TestRequest("/s", headers: ["Last-Event-ID": "2"])).1 == ["data: c\n\n"])
        #expect(
            try stream(events, TestRequest("/s", headers: ["Last-Event-ID": "9"])).1.count == 3,
            "unknown: from the start"
        )
    }

    @Test func aStreamIsServedAsAnUncachedEventStreamUnlessItsHeadersSayOtherwise() throws {
        let (plain, _) = try stream(#"{ "events": [ { "data": "a" } ] }"#)
        _ = plain
        let result = try load([
            "a.json": #"{ "request": { "path": "/a" }, "response": { "events": [ { "data": "a" } ] } }"#,
            "b.json":
                #"{ "request": { "path": "/b" }, "response": { "headers": { "Cache-Control": "private" }, "events": [ { "data": "a" } ], "afterLast": "hold" } }"#,
        ])
        let headers = result.fixtures.sorted { $0.id < $1.id }.map { fixture in
            fixture.response.headers.map { "\($0.name): \($0.fixedValue ?? "")" }
        }
        #expect(headers[0] == ["Content-Type: text/event-stream; charset=utf-8", "Cache-Control: no-cache"])
        #expect(headers[1] == ["Cache-Control: private", "Content-Type: text/event-stream; charset=utf-8"])
        #expect(result.fixtures.sorted { $0.id < $1.id }[1].response.events?.ending == .hold)
    }
}
