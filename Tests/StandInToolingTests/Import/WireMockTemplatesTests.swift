import Foundation
import ServerTestSupport
import StandInFixtures
import Testing

@testable import StandInTooling

/// WireMock templates rewritten as StandIn's, down to the escapes: what StandIn serves must be what WireMock
/// serves for every helper StandIn has, and the text as written for every other one.
@Suite struct WireMockTemplatesTests {
    private func translate(
        _ source: String,
        path: WireMockPath.Form = .regex("/.*"),
        method: String? = "GET"
    )
        -> (text: String, left: [String])
    {
        var templates = WireMockTemplates(path: WireMockPath(form: path), method: method)
        let result = templates.translate(source)
        return (result.text, result.leftAsWritten.map(\.expression))
    }

    @Test func backslashesKeepTheirMeaning() async throws {
        #expect(translate(#"\{{not a template}}"#).text == #"\{{not a template}}"#)
        #expect(translate(#"C:\\{{request.path.[0]}}"#, path: .literal("/a")).text == #"C:\a"#)
        #expect(translate(#"C:\\{{request.path.[0]}}"#).text == #"C:\\{{path.wiremockSegment0}}"#)
        #expect(translate(#"C:\\{{custom}}"#) == (#"C:\\\{{custom}}"#, ["{{custom}}"]))
        for source in [#"\{{x}}"#, #"C:\\{{request.path.[0]}}"#, #"C:\\{{custom}}"#] {
            let text = translate(source).text
            let json = String(
                decoding: try JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed),
                as: UTF8.self
            )
            let fixture = #"{"request": {"pathRegex": "/.*"}, "response": {"text": \#(json)}}"#
            try await withMocks(["f.json": fixture]) { mocks in
                let result = try FixtureLoader(directory: mocks).load()
                #expect(result.diagnostics.isEmpty, "\(source) -> \(text): \(result.diagnostics)")
            }
        }
    }

    @Test func blocksAndCommentsAreWholePieces() {
        let source = "{{#each a}}{{#if b}}x{{/if}}{{/each}} {{!-- {{gone}} --}}{{now}}"
        #expect(
            translate(source) == (
                #"\{{#each a}}\{{#if b}}x\{{/if}}\{{/each}} {{now}}"#, ["{{#each a}}{{#if b}}x{{/if}}{{/each}}"]
            )
        )
    }

    @Test func tripleStashesAndSpacesReadAsExpressions() {
        #expect(translate("{{{ request.headers.[X-Trace] }}}").text == "{{header.X-Trace}}")
        #expect(translate("{{ request.query.ids.[0] }}").text == "{{query.ids}}")
        #expect(translate("{{request.query.ids.[1]}}").left == ["{{request.query.ids.[1]}}"])
    }

    @Test func jsonPathsOfNamesAndIndexesReadTheBody() {
        #expect(translate("{{jsonPath request.body '$.a.b[2]'}}").text == "{{body.a.b.2}}")
        #expect(translate(#"{{jsonPath request.body "$['unit.price']"}}"#).text == "{{body./unit.price}}")
        #expect(translate("{{jsonPath request.body '$'}}").text == "{{body}}")
        #expect(translate("{{jsonPath request.body '$..id'}}").left.count == 1)
        #expect(translate("{{jsonPath request.body '$.a' default='x'}}").left.count == 1)
    }

    @Test func nowReadsOffsetsAndFormatsStandInHas() {
        #expect(translate("{{now offset='-90 minutes'}}").text == #"{{now "-90m"}}"#)
        #expect(translate("{{now offset='now +2 days' format='unix'}}").text == #"{{now "+2d" "unix"}}"#)
        #expect(translate("{{now offset='1 seconds' format='epoch'}}").text == #"{{now "+1s" "unix"}}000"#)
        #expect(translate("{{now format=\"yyyy-MM-dd'T'HH:mm:ssXXX\" timezone='UTC'}}").text == "{{now}}")
        #expect(translate("{{now offset='4000 days'}}").left.count == 1)
        #expect(translate("{{now format='yyyy-MM-dd'}}").left.count == 1)
    }

    @Test func pathSegmentsOfARegexPathAreCapturedByLookaheads() throws {
        var templates = WireMockTemplates(path: WireMockPath(form: .regex("/api/(a|b)/[0-9]+")), method: nil)
        #expect(
            templates.translate("{{request.path.[2]}} {{request.method}}").text
                == #"{{path.wiremockSegment2}} \{{request.method}}"#
        )
        let regex = try #require(templates.path.capturingRegex)
        let pattern = try TextPattern(regex)
        #expect(pattern.wholeMatchCaptures("/api/b/42")?.first { $0.name == "wiremockSegment2" }?.value == "42")
        #expect(pattern.wholeMatchCaptures("/api/c/42") == nil, "the stub's own pattern still decides")
    }
}
