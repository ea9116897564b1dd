import StandInFixtures
import Testing

@Suite struct RegexBoundsTests {
    @Test(arguments: [
        "^/pr/(a+)+$", "(a*)*", "(a|a)*", "(a|ab)+", #"^(\w+\s?)*$"#, "((ab)?c)*", "(x{1,3})+", #"(\d|[0-9])*"#,
        "(?:a+)+b", "(?<n>a*)*", "(?'n'a*)*", "(?P<n>a|a)+", "([a-z]+)*$",
    ])
    func catastrophicShapesAreRefusedAtLoad(pattern: String) throws {
        let text = """
            {
              "request": {
                "pathRegex": "\(pattern.replacing("\\", with: "\\\\"))"
              },
              "response": {}
            }
            """
        let diagnosis = try #require(try diagnosis(of: text))
        #expect(diagnosis.hasPrefix("3: regular expression"), "\(diagnosis)")
        #expect(diagnosis.contains("can take exponential time on a near miss"), "\(diagnosis)")
    }

    @Test(arguments: [
        #"^/users/(?<id>\d+)$"#, "^/files/.*\\.png$", "(GET|POST)+", #"^/v[0-9]+/items/[a-z-]+$"#, #"(\d{3}-)+"#,
        "^(?i)/search", "[(a+)+]", #"\(a+\)+"#, "a{2}b{1,5}", "(ab)*", "(?'first'x)+", "(?<id>get|post)+",
    ])
    func ordinaryShapesLoad(pattern: String) throws {
        _ = try TextPattern(pattern)
    }

    @Test func theBodyAndHeaderRegexesAreCheckedToo() throws {
        let header = #"{"request": {"path": "/a", "headers": {"X-A": {"regex": "(a+)+"}}}, "response": {}}"#
        #expect(try diagnosis(of: header)?.contains("can take exponential time") == true)
        let body = #"{"request": {"path": "/a", "body": {"regex": "(a|a)*"}}, "response": {}}"#
        #expect(try diagnosis(of: body)?.contains("can take exponential time") == true)
    }

    @Test func textLongerThanThePatternsBoundDoesNotMatch() throws {
        let pattern = try TextPattern("^a*$")
        #expect(pattern.maxInputBytes == TextPattern.inputCeiling)
        #expect(pattern.matches(String(repeating: "a", count: pattern.maxInputBytes)))
        #expect(!pattern.matches(String(repeating: "a", count: pattern.maxInputBytes + 1)))
        #expect(pattern.wholeMatchCaptures(String(repeating: "a", count: pattern.maxInputBytes + 1)) == nil)
    }

    @Test func patternsThatCanSplitTextManyWaysReadLessOfIt() throws {
        #expect(try TextPattern("^/users/me$").maxInputBytes == TextPattern.inputCeiling)
        #expect(try TextPattern(#"^/users/\d+$"#).maxInputBytes == TextPattern.inputCeiling)
        #expect(try TextPattern("^/a/.*/b/.*$").maxInputBytes == 1_000)
        #expect(try TextPattern(#""type":\s*"card""#).maxInputBytes == 1_000)
        #expect(try TextPattern("^/p/(.*)(.*)(.*)x$").maxInputBytes == 100)
        #expect(try TextPattern(".*x.*x.*x").maxInputBytes == 31)
        #expect(try TextPattern(String(repeating: "a*", count: 100)).maxInputBytes == 1)
    }

    @Test func theWorstPolynomialPatternStaysQuickWithinItsBound() throws {
        let pattern = try TextPattern("^/p/(.*)(.*)(.*)x$")
        let text = "/p/" + String(repeating: "a", count: pattern.maxInputBytes - 3)
        let started = ContinuousClock.now
        #expect(!pattern.matches(text))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aLongPathIsNotMatchedByARegexAndTheNearMissSaysWhy() throws {
        let result = try load(["r.json": #"{"request": {"pathRegex": "^/p/(?<rest>.*)/(?<more>.*)$"}, "response": {}}"#]
        )
        let index = FixtureIndex(result.fixtures)
        var short = RequestFacts(TestRequest("/p/o/k"))
        #expect(index.match(&short)?.fixture.id == "r.json")
        var long = RequestFacts(TestRequest("/p/" + String(repeating: "x", count: 1_000)))
        #expect(index.match(&long) == nil)
        let miss = try #require(index.nearMisses(for: &long).first)
        #expect(miss.skippedLongInput)
        #expect(miss.differences.first?.contains("longer than the 1000 bytes this regular expression reads") == true)
    }

    @Test func anotherMethodSkipsTheBodyAndHeaderConditionsOfANearMiss() throws {
        let result = try load([
            "b.json": #"""
            {"request": {"method": "POST", "path": "/p", "headers": {"X-A": {"equals": "1"}},
                         "body": {"regex": "^x"}}, "response": {}}
            """#
        ])
        let index = FixtureIndex(result.fixtures)
        var facts = RequestFacts(TestRequest("GET", "/p", body: "y"))
        let miss = try #require(index.nearMisses(for: &facts).first)
        #expect(miss.differences == ["method is GET, fixture expects POST"])
    }
}
