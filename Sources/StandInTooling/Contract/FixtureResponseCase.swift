import Foundation
import StandInFixtures

/// One response a fixture can serve (its response, a sequence step, a variant of either), with where its file
/// writes it: what `check --spec` and `coverage` go through.
public struct FixtureResponseCase: Sendable {
    /// The fixture.
    public let fixture: Fixture
    /// The sequence step (0-based), nil for a fixture with one response.
    public let step: Int?
    /// The variant, nil for the response without one.
    public let variant: String?
    /// The response as it is served.
    public let response: CompiledResponse
    /// Where the file writes it.
    let source: ResponseSource

    /// `variant slow`, `sequence[1]`, `sequence[1] variant slow`; empty for a fixture's only response.
    public var label: String {
        [step.map { "sequence[\($0)]" }, variant.map { "variant \($0)" }].compactMap { $0 }.joined(separator: " ")
    }

    /// Every response of every fixture in `fixtures` (resources aside), in the order of the fixtures, then steps,
    /// then the response without variant before its variants by name. `directory` is where the fixture files are.
    public static func all(of fixtures: [Fixture], in directory: URL) -> [FixtureResponseCase] {
        fixtures.flatMap { fixture in
            let root = try? JSONParser.parse(Data(contentsOf: directory.appendingPathComponent(fixture.id)))
            return cases(of: fixture, root: root ?? JSONNode(.null, line: 1))
        }
    }

    /// The responses of `fixture`, whose file parses to `root`.
    static func cases(of fixture: Fixture, root: JSONNode) -> [FixtureResponseCase] {
        var cases: [FixtureResponseCase] = []
        let steps = root["sequence"]?.elements
        for index in 0..<fixture.stepCount {
            let stepNode = fixture.isSequence ? steps?[safe: index] : root["response"]
            let stepLine = stepNode?.line ?? root.line
            let base = ResponseSource(object: stepNode, line: stepLine, fallback: nil)
            let step = fixture.isSequence ? index : nil
            if let response = try? fixture.response(step: index, variant: nil) {
                cases.append(
                    FixtureResponseCase(fixture: fixture, step: step, variant: nil, response: response, source: base)
                )
            }
            for name in fixture.variantNames {
                guard let response = try? fixture.response(step: index, variant: name) else { continue }
                let member = root["variants"]?.member(name)
                let source = ResponseSource(object: member?.value, line: member?.keyLine ?? stepLine, fallback: base)
                cases.append(
                    FixtureResponseCase(fixture: fixture, step: step, variant: name, response: response, source: source)
                )
            }
        }
        return cases
    }
}

/// Where a fixture file writes one response: its object's line, its `status`, and its body as written.
struct ResponseSource: Sendable {
    /// The body forms whose value is JSON that the served body is made of.
    static let jsonForms: Set<String> = ["envelope", "json", "graphql"]
    /// The other body forms.
    static let otherForms: Set<String> = ["text", "base64", "file", "events"]

    /// The line of the response's object (`response`, the step, the variant's key).
    let line: Int
    /// The line of the `status` that applies, else of the object.
    let statusLine: Int
    /// The line of the body's key, else of the object.
    let bodyLine: Int
    /// The body form (`envelope`, `json`, `graphql`, `text`…), nil when none applies.
    let bodyForm: String?
    /// The JSON the body is written as, for the JSON forms.
    let body: JSONNode?

    /// The source of the response written as `object` on `line`; a variant's `fallback` is the response it is laid
    /// over, whose status and body apply where the variant sets none.
    init(object: JSONNode?, line: Int, fallback: ResponseSource?) {
        self.line = line
        let members = object?.members ?? []
        statusLine = members.first { $0.key == "status" }?.keyLine ?? fallback?.statusLine ?? line
        if let form = members.first(where: { Self.jsonForms.contains($0.key) || Self.otherForms.contains($0.key) }) {
            bodyForm = form.key
            bodyLine = form.keyLine
            body = Self.jsonForms.contains(form.key) ? form.value : nil
        } else {
            bodyForm = fallback?.bodyForm
            bodyLine = fallback?.bodyLine ?? line
            body = fallback?.body
        }
    }
}

extension Array {
    /// The element at `index`, nil when out of range.
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
