import Foundation
import NetworkCore
// libFuzzer target: a random request (method, path, query, headers, body cut from the input) against a fixture set
// with every matcher and template. Matching and rendering never crash, and a rendered JSON body always parses.
// Build and run with Fuzz/run.sh; see docs/development.md#fuzzing.
import StandInFixtures

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatcher(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let request = FuzzRequest(Array(UnsafeBufferPointer(start: data, count: size)))
    var facts = RequestFacts(request)
    guard let match = FuzzFixtures.index.match(&facts) else {
        let unmatched = UnmatchedResponse(
            to: &facts,
            index: FuzzFixtures.index,
            config: ProjectConfig(),
            requestId: "fuzz"
        )
        precondition((try? JSONParser.parse(unmatched.body)) != nil, "the 404 envelope is not JSON")
        return 0
    }
    var context = RenderContext(
        facts: facts,
        captures: match.captures,
        requestId: "fuzz",
        random: TemplateRandom(seed: 1)
    )
    let body = match.fixture.response.body.render(with: &context)
    for header in match.fixture.response.headers { _ = header.value.render(with: &context) }
    if match.fixture.id.hasPrefix("json/") {
        precondition((try? JSONParser.parse(body)) != nil, "\(match.fixture.id) rendered a body that is not JSON")
    }
    return 0
}
