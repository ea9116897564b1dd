import Testing

@testable import StandInFixtures

@Suite struct SimplePatternTests {
    /// Patterns in the simple subset, with the shapes OpenAPI documents use and the corners of each construct.
    static let simplePatterns = [
        "^[A-Z]{3}-[0-9]{4}$", #"^\+[0-9]{6,15}$"#, #"^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$"#, #"\d+"#, "^a*ab$",
        "a{2,}b?c*", "[^a-c]x", "^.{1,3}$", "^$", "abc", #"\s\S\w\W\D"#, "", "$", "^", "a?", "x*$", "^a?b?c?$",
        "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", #"^\d{4}-\d{2}-\d{2}$"#, "^[a-z]{1,80}$",
        "^.{0,100}x$", "a.{0,70}b", "[a-]", "[-a]", #"[\w.-]+"#, #"[\s\d]"#, #"[^\s]+$"#, "a{0}b", "^x{2,3}y?$",
        #"\.\-\+\/\(\)\[\]\{\}\*\?\|\^\$"#, #"[\]\\^]"#, "[ -~]+", "[Z-a]", #"\t\n"#, #"[\t\n]"#, "^ab+c+d$",
        "a.c", "..", #"^\S+@\S+$"#, "^[^/]+/[^/]+$", "#@ !%&=_,:;<>'\"`~", "[+*?.()|{}$]", "a{1,1}", "ab{0,2}c",
    ]

    @Test(arguments: zip(simplePatterns.indices, simplePatterns))
    func agreesWithRegexOnASCIIText(seed: Int, pattern: String) throws {
        let simple = try #require(SimplePattern(pattern))
        let regex = try Regex(pattern)
        for text in PatternTexts(for: pattern, count: 2_000, seed: UInt64(seed)) {
            var bytes = text
            let matches = bytes.withUTF8 { simple.matches($0) }
            let expected = try regex.firstMatch(in: text) != nil
            guard matches == expected else {
                Issue.record("\(pattern) on \(text.debugDescription): Regex says \(expected)")
                return
            }
        }
    }

    @Test(arguments: [
        "(a)", "^(?:x)$", "a|b", #"\bword"#, "a+?", "a*?", "a??", "a{2}?", "a++", "a{1,3}+", "(?i)abc", #"\p{L}"#, "é",
        "caf[é]", "[[:alpha:]]", "[a&&b]", "[a--b]", "[a~~b]", "a{", "a{,2}", "a{x}", #"\1"#, "a$b", #"\Aabc"#,
        #"abc\z"#, "[]a]", "[a-c-e]", #"[\w-z]"#, #"\x41"#, #"\u{41}"#, "a{1000}", ".{300}", "(?=a)", "[a", "a}", "]",
    ])
    func patternsOutsideTheSubsetAreRefused(pattern: String) {
        #expect(SimplePattern(pattern) == nil)
    }

    @Test(arguments: ["^[A-Z]{3}-[0-9]{4}$", #"^\w+$"#, "a.c", "^.{1,3}$", #"\s$"#, "^[^x]+$"])
    func nonASCIITextAndCarriageReturnsGoToRegex(pattern: String) throws {
        let textPattern = try TextPattern(pattern)
        let regex = try Regex(pattern)
        let texts = [
            "ABC-0001\r", "ABC-0001\r\n", "a\r\nc", "\r\n", "\r", "ÀBC-0001", "aéc", "e\u{301}", "a\u{301}c",
            "ab\u{0085}", "日本", "é", "x\u{2028}", "abc\u{1F600}", "ABC-0001", "abc",
        ]
        for text in texts {
            let expected = try regex.firstMatch(in: text) != nil
            var bytes = text
            let fromBytes = bytes.withUTF8 { textPattern.matches(utf8: $0) }
            #expect(textPattern.matches(text) == expected, "\(pattern) on \(text.debugDescription)")
            #expect(fromBytes == expected, "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test func theInputBoundHoldsOnTheFastPath() throws {
        let pattern = try TextPattern("^/a/.*/b/.*$")
        let fits = "/a/" + String(repeating: "x", count: pattern.maxInputBytes - 6) + "/b/"
        var tooLong = fits + "x"
        #expect(pattern.matches(fits))
        #expect(!pattern.matches(tooLong))
        #expect(!tooLong.withUTF8 { pattern.matches(utf8: $0) })
    }
}
