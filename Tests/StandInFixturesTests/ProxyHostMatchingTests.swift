import StandInFixtures
import Testing

/// `request.host`: decoded, matched against the host a proxied request was sent to, ignored on the main port.
@Suite struct ProxyHostMatchingTests {
    private static let files = [
        "api.json": #"{"request": {"path": "/users/{id}", "host": "API.example.com"}, "response": {}}"#,
        "any.json": #"{"request": {"path": "/users/{id}"}, "response": {}}"#,
        "cdn.json": #"{"request": {"path": "/img", "host": "*.cdn.example.com"}, "response": {}}"#,
    ]

    private func index(_ files: [String: String] = Self.files) throws -> FixtureIndex {
        let result = try load(files)
        try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return FixtureIndex(result.fixtures)
    }

    private func matchID(_ index: FixtureIndex, _ target: String, proxyHost: String?) -> String? {
        var request = TestRequest(target)
        request.proxyHost = proxyHost
        var facts = RequestFacts(request)
        return index.match(&facts)?.fixture.id
    }

    @Test func aFixtureWithAHostLoads() throws {
        let loaded = try fixture(#"{"request": {"path": "/a", "host": "*.Example.com"}, "response": {}}"#)
        #expect(loaded.request.host == HostPattern("*.example.com"))
        #expect(try fixture(#"{"request": {"path": "/a"}, "response": {}}"#).request.host == nil)
    }

    @Test func aBadHostIsAnErrorOnItsLine() throws {
        let text = """
            {
              "request": {
                "path": "/a",
                "host": "https://x"
              },
              "response": {}
            }
            """
        #expect(
            try diagnosis(of: text)
                == #"4: request.host "https://x" is not a host name: it has a scheme; write the host alone"#
        )
        let notAString = #"{"request": {"path": "/a", "host": 1}, "response": {}}"#
        #expect(try diagnosis(of: notAString) == "1: request.host must be a string, not number")
    }

    @Test func throughTheProxyAPinnedFixtureAnswersOnlyItsHostAndWinsOverOneWithout() throws {
        let index = try index()
        #expect(matchID(index, "/users/7", proxyHost: "api.example.com:443") == "api.json")
        #expect(matchID(index, "/users/7", proxyHost: "Api.Example.Com") == "api.json")
        #expect(matchID(index, "/users/7", proxyHost: "other.example.com") == "any.json")
        #expect(matchID(index, "/img", proxyHost: "eu.cdn.example.com") == "cdn.json")
        #expect(matchID(index, "/img", proxyHost: "cdn.example.com") == nil)
    }

    @Test func onTheMainPortTheHostIsIgnored() throws {
        let index = try index()
        #expect(matchID(index, "/users/7", proxyHost: nil) == "api.json")
        #expect(matchID(index, "/img", proxyHost: nil) == "cdn.json")
    }

    @Test func aHostWinsAfterPriorityAndTheKindOfPath() throws {
        let index = try index([
            "literal.json": #"{"request": {"path": "/users/me"}, "response": {}}"#,
            "pinned.json": #"{"request": {"path": "/users/{id}", "host": "api.example.com"}, "response": {}}"#,
            "unpinned.json": #"{"request": {"path": "/users/{id}"}, "response": {}}"#,
            "urgent.json": #"{"request": {"path": "/users/urgent"}, "priority": 1, "response": {}}"#,
        ])
        // A more literal path wins whatever the host, as it does on the main port.
        #expect(matchID(index, "/users/me", proxyHost: "api.example.com") == "literal.json")
        #expect(matchID(index, "/users/me", proxyHost: nil) == "literal.json")
        // Between equal paths, the one pinned to the host wins; another host gets the one that answers any.
        #expect(matchID(index, "/users/7", proxyHost: "api.example.com") == "pinned.json")
        #expect(matchID(index, "/users/7", proxyHost: "other.example.com") == "unpinned.json")
        #expect(matchID(index, "/users/urgent", proxyHost: "api.example.com") == "urgent.json")
    }

    @Test func theIndexListsEveryDistinctHost() throws {
        var files = Self.files
        files["again.json"] = #"{"request": {"path": "/again", "host": "api.example.com"}, "response": {}}"#
        #expect(try index(files).hostPatterns.map(\.description) == ["*.cdn.example.com", "api.example.com"])
    }

    @Test func aNearMissNamesTheHost() throws {
        let index = try index(["api.json": Self.files["api.json"]!])
        var request = TestRequest("/users/7")
        request.proxyHost = "api.other.com:443"
        var facts = RequestFacts(request)
        let miss = try #require(index.nearMisses(for: &facts).first)
        #expect(miss.differences == [#"host "api.other.com" is not api.example.com"#])
    }
}
