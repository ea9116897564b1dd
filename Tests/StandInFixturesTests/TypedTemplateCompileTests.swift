import StandInFixtures
import Testing

/// Typed templates are compiled once at load: a whole `{{json …}}` string becomes an unquoted hole, bad helper
/// arguments fail the file with its line, and a response without templates stays fixed bytes.
@Suite struct TypedTemplateCompileTests {
    @Test func aWholeJSONStringBecomesAnUnquotedHole() throws {
        let body = try fixture(#"{"request": {"path": "/a"}, "response": {"json": {"n": "{{json body.n}}"}}}"#)
            .response.body
        #expect(body.holes.map(\.placeholder) == [.json(.body(path: "n"))])
        #expect(body.holes.map(\.jsonEscaped) == [false])
    }

    @Test func aResponseWithoutTemplatesStaysFixedBytes() throws {
        let body = try fixture(#"{"request": {"path": "/a"}, "response": {"json": {"n": "{json}", "m": 1}}}"#)
            .response.body
        #expect(body.fixedBytes == Array(#"{"n":"{json}","m":1}"#.utf8))
    }

    @Test func helpersParseTheirArguments() throws {
        let body = try fixture(
            #"{"request": {"path": "/a"}, "response": {"text": "{{randomInt -3 3}} {{pick a \"b c\"}} {{now \"-1d\" \"unix\"}}"}}"#
        ).response.body
        #expect(
            body.holes.map(\.placeholder) == [
                .randomInt(-3...3), .pick(["a", "b c"]), .now(offsetSeconds: -86_400, unix: true),
            ]
        )
    }

    @Test(arguments: [
        (#"{{randomInt 5 1}}"#, "needs two whole numbers"),
        (#"{{randomInt 1}}"#, "needs two whole numbers"),
        (#"{{pick}}"#, "unknown template"),
        (#"{{pick \"a}}"#, "unterminated quote"),
        (#"{{now \"+1y\"}}"#, "is not a time offset"),
        (#"{{now \"+4000d\"}}"#, "is not a time offset"),
        (#"{{json json body}}"#, "not json itself"),
        (#"{{json path.nope}}"#, "names no path parameter"),
    ])
    func badHelpersFailTheFileAtTheirLine(template: String, reason: String) throws {
        let contents = "{\"request\": {\"path\": \"/a\"},\n \"response\": {\"json\": {\"v\": \"\(template)\"}}}"
        let diagnosis = try #require(try diagnosis(of: contents))
        #expect(diagnosis.hasPrefix("2: "))
        #expect(diagnosis.contains(reason))
    }
}
