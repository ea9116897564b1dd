import Foundation

/// Builds a `Fixture` from a parsed fixture file, checking every part and naming the line of the first problem.
struct FixtureDecoder {
    let id: String
    /// The fixture file, for resolving `file` bodies next to it.
    let fileURL: URL
    /// The mocks directory (symlinks resolved); `file` bodies must stay inside it.
    let rootURL: URL
    let config: ProjectConfig

    func decode(_ node: JSONNode) throws(FixtureError) -> Fixture {
        let root = try ObjectReader(node, context: "fixture", isDocument: true)
        try root.requireKnownKeys([
            "request", "response", "sequence", "afterLast", "variants", "priority", "description",
        ])
        _ = try root.string("description")
        guard let requestObject = try root.object("request") else {
            throw FixtureError("a fixture needs a \"request\" object", line: node.line)
        }
        let request = try RequestPatternDecoder().decode(requestObject)
        let responses = ResponseDecoder(fileURL: fileURL, rootURL: rootURL)
        let steps = try decodeSteps(root, responses: responses)
        let afterLast = try decodeAfterLast(root, isSequence: steps.isSequence)
        let variants = try decodeVariants(root, responses: responses)
        let priority = try root.int("priority") ?? 0

        let pathParameters = request.pathParameters
        var compiledSteps: [CompiledResponse] = []
        for step in steps.definitions {
            compiledSteps.append(try step.compile(config: config, pathParameters: pathParameters))
        }
        var compiledVariants: [String: [CompiledResponse]] = [:]
        for (name, variant) in variants {
            var compiled: [CompiledResponse] = []
            for step in steps.definitions {
                compiled.append(try step.applying(variant).compile(config: config, pathParameters: pathParameters))
            }
            compiledVariants[name] = compiled
        }
        if steps.isSequence {
            return Fixture(
                id: id,
                request: request,
                sequence: compiledSteps,
                afterLast: afterLast,
                variants: compiledVariants,
                priority: priority
            )
        }
        return Fixture(
            id: id,
            request: request,
            response: compiledSteps[0],
            variants: compiledVariants.mapValues { $0[0] },
            priority: priority
        )
    }

    /// The `response`, or the `sequence` steps; a fixture has exactly one of them.
    private func decodeSteps(
        _ root: ObjectReader,
        responses: ResponseDecoder
    ) throws(FixtureError) -> (definitions: [ResponseDefinition], isSequence: Bool) {
        switch (root.member("response"), root.member("sequence")) {
        case (let response?, let sequence?):
            throw FixtureError(
                "a fixture has a \"response\" or a \"sequence\", not both",
                line: max(response.keyLine, sequence.keyLine)
            )
        case (_?, nil):
            return ([try responses.decode(try root.object("response")!)], false)
        case (nil, let sequence?):
            guard case .array(let elements) = sequence.value.value else {
                throw FixtureError(
                    "sequence must be a list of responses, not \(sequence.value.typeName)",
                    line: sequence.keyLine
                )
            }
            guard !elements.isEmpty else {
                throw FixtureError("sequence must list at least one response", line: sequence.keyLine)
            }
            var definitions: [ResponseDefinition] = []
            for (index, element) in elements.enumerated() {
                definitions.append(try responses.decode(try ObjectReader(element, context: "sequence[\(index)]")))
            }
            return (definitions, true)
        case (nil, nil):
            throw FixtureError("a fixture needs a \"response\" object or a \"sequence\" list", line: root.node.line)
        }
    }

    private func decodeAfterLast(_ root: ObjectReader, isSequence: Bool) throws(FixtureError) -> AfterLast {
        guard let (text, line) = try root.string("afterLast") else { return .repeatLast }
        guard isSequence else {
            throw FixtureError("afterLast applies only to a \"sequence\"", line: line)
        }
        guard let afterLast = AfterLast(rawValue: text) else {
            throw FixtureError("afterLast must be \"repeat-last\" or \"cycle\", not \(text.quoted)", line: line)
        }
        return afterLast
    }

    /// The `variants`: each a partial response, checked like one.
    private func decodeVariants(
        _ root: ObjectReader,
        responses: ResponseDecoder
    ) throws(FixtureError) -> [(name: String, definition: ResponseDefinition)] {
        guard let object = try root.object("variants") else { return [] }
        var variants: [(name: String, definition: ResponseDefinition)] = []
        var seen: Set<String> = []
        for member in object.members {
            guard Self.isValidVariantName(member.key) else {
                throw FixtureError(
                    "variant name \(member.key.quoted) may use only letters, digits, \"-\", \"_\" and \".\"",
                    line: member.keyLine
                )
            }
            guard seen.insert(member.key).inserted else {
                throw FixtureError("variants has \(member.key.quoted) twice", line: member.keyLine)
            }
            let variant = try ObjectReader(member.value, context: object.name(of: member.key))
            variants.append((member.key, try responses.decode(variant)))
        }
        return variants
    }

    /// Variant names travel in a header and a command-line flag: letters, digits, `-`, `_` and `.` only.
    static func isValidVariantName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                    true
                default:
                    false
                }
            }
    }
}

extension RequestPattern {
    /// The names `{{path.NAME}}` may use: a template's captures, none for a literal, nil (unknown) for a regex.
    var pathParameters: Set<String>? {
        switch path {
        case .literal: []
        case .template(let template): Set(template.captureNames)
        case .regex: nil
        }
    }
}
