import Foundation

/// Builds a `Fixture` from a parsed fixture file, checking every part and naming the line of each problem.
struct FixtureDecoder {
    let id: String
    /// The fixture file's path relative to `rootURL`, for resolving `file` bodies next to it.
    let file: String
    /// The mocks directory (symlinks resolved); `file` bodies must stay inside it.
    let rootURL: URL
    let config: ProjectConfig

    /// The fixture; throws every problem found, not only the first.
    func decode(_ node: JSONNode) throws(FixtureProblems) -> Fixture {
        let problems = ProblemList()
        let fixture = decode(node, problems: problems)
        guard let fixture, problems.errors.isEmpty else {
            throw FixtureProblems(errors: problems.errors.isEmpty ? [FixtureError("invalid fixture")] : problems.errors)
        }
        return fixture
    }

    private func decode(_ node: JSONNode, problems: ProblemList) -> Fixture? {
        guard let root = problems.attempt({ try ObjectReader(node, context: "fixture", isDocument: true) }) else {
            return nil
        }
        root.checkKnownKeys(
            [
                "request", "response", "sequence", "websocket", "afterLast", "sequenceBy", "variants", "priority",
                "rateLimit",
                "description",
            ],
            into: problems
        )
        problems.attempt { try root.string("description") }
        let request = problems.attempt { () throws(FixtureError) -> ObjectReader? in
            guard let requestObject = try root.object("request") else {
                if root.hasTypo(of: "request") { return nil }
                throw FixtureError("a fixture needs a \"request\" object", line: node.line)
            }
            return requestObject
        }?.flatMap { RequestPatternDecoder(problems: problems).decode($0) }
        let responses = ResponseDecoder(file: file, rootURL: rootURL, networks: config.networks, problems: problems)
        let steps = problems.attempt { try decodeSteps(root, responses: responses) } ?? nil
        let afterLast = problems.attempt { try decodeAfterLast(root, isSequence: steps?.isSequence ?? false) }
        let variants = problems.attempt { try decodeVariants(root, responses: responses) }
        let priority = problems.attempt { try root.int("priority") ?? 0 }
        guard problems.errors.isEmpty, let request, let steps, let afterLast, let variants, let priority else {
            return nil
        }
        problems.attempt {
            try checkUpgradeMethod(request, root: root, answers: steps.definitions + variants.map(\.definition))
        }

        let pathParameters = request.pathParameters
        let sequenceBy = problems.attempt {
            try decodeSequenceBy(root, isSequence: steps.isSequence, pathParameters: pathParameters)
        }
        let rateLimit = problems.attempt { try decodeRateLimit(root, pathParameters: pathParameters) }
        let compiledSteps = steps.definitions.compactMap { step in
            problems.attempt { try step.compile(config: config, pathParameters: pathParameters) }
        }
        var compiledVariants: [String: [CompiledResponse]] = [:]
        for (name, variant) in variants {
            compiledVariants[name] = steps.definitions.compactMap { step in
                problems.attempt {
                    try step.applying(variant).compile(config: config, pathParameters: pathParameters)
                }
            }
        }
        guard problems.errors.isEmpty else { return nil }
        if steps.isSequence {
            return Fixture(
                id: id,
                request: request,
                sequence: compiledSteps,
                afterLast: afterLast,
                sequenceBy: sequenceBy ?? nil,
                variants: compiledVariants,
                priority: priority,
                rateLimit: rateLimit ?? nil
            )
        }
        return Fixture(
            id: id,
            request: request,
            response: compiledSteps[0],
            variants: compiledVariants.mapValues { $0[0] },
            priority: priority,
            rateLimit: rateLimit ?? nil
        )
    }

    /// The `response`, the `sequence` steps, or the `websocket` conversation as a response; a fixture has exactly one
    /// of them. Nil when a step has problems (added to the decoder's list).
    private func decodeSteps(
        _ root: ObjectReader,
        responses: ResponseDecoder
    ) throws(FixtureError) -> (definitions: [ResponseDefinition], isSequence: Bool)? {
        let answers = ["response", "sequence", "websocket"].compactMap { root.member($0) }
        if answers.count > 1 {
            throw FixtureError(
                "a fixture has a \(answers[0].key.quoted) or a \(answers[1].key.quoted), not both",
                line: max(answers[0].keyLine, answers[1].keyLine)
            )
        }
        switch answers.first {
        case let response? where response.key == "response":
            return responses.decode(try root.object("response")!).map { ([$0], false) }
        case let websocket? where websocket.key == "websocket":
            return responses.decode(websocket: websocket).map { ([$0], false) }
        case let sequence?:
            guard case .array(let elements) = sequence.value.value else {
                throw FixtureError(
                    "sequence must be a list of responses, not \(sequence.value.typeName)",
                    line: sequence.keyLine
                )
            }
            guard !elements.isEmpty else {
                throw FixtureError("sequence must list at least one response", line: sequence.keyLine)
            }
            var definitions: [ResponseDefinition?] = []
            for (index, element) in elements.enumerated() {
                definitions.append(responses.decode(try ObjectReader(element, context: "sequence[\(index)]")))
            }
            let decoded = definitions.compactMap { $0 }
            return decoded.count == definitions.count ? (decoded, true) : nil
        case nil:
            if ["response", "sequence", "websocket"].contains(where: root.hasTypo(of:)) { return nil }
            throw FixtureError(
                "a fixture needs a \"response\" object, a \"sequence\" list or a \"websocket\" object",
                line: root.node.line
            )
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

    /// The `sequenceBy` expression (`path.id`, `query.job`, `header.X-Tenant`, `body.order.id`): a sequence counted
    /// per value of it. Checked like a template's `{{…}}`.
    private func decodeSequenceBy(
        _ root: ObjectReader,
        isSequence: Bool,
        pathParameters: Set<String>?
    ) throws(FixtureError) -> Placeholder? {
        guard let (text, line) = try root.string("sequenceBy") else { return nil }
        guard isSequence else {
            throw FixtureError("sequenceBy applies only to a \"sequence\"", line: line)
        }
        return try expression(text, named: "sequenceBy", line: line, pathParameters: pathParameters)
    }

    /// The `rateLimit`: `requests` (at least 1) per `per` (a duration longer than zero), counted `by` an expression
    /// if one is given.
    private func decodeRateLimit(_ root: ObjectReader, pathParameters: Set<String>?) throws(FixtureError) -> RateLimit?
    {
        guard let object = try root.object("rateLimit") else { return nil }
        try object.requireKnownKeys(["requests", "per", "by"])
        guard let requests = try object.int("requests", in: 1...1_000_000_000) else {
            throw FixtureError("rateLimit needs \"requests\", how many a window admits", line: object.node.line)
        }
        guard let (perText, perLine) = try object.string("per") else {
            throw FixtureError("rateLimit needs \"per\", how long a window lasts (\"1m\")", line: object.node.line)
        }
        let window: Duration
        do {
            window = try DurationText.parse(perText)
        } catch {
            throw FixtureError("rateLimit.per: \(error.reason)", line: perLine)
        }
        guard window > .zero else { throw FixtureError("rateLimit.per must be longer than zero", line: perLine) }
        let key = try object.string("by").map { text, line throws(FixtureError) in
            try expression(text, named: "rateLimit.by", line: line, pathParameters: pathParameters)
        }
        return RateLimit(requests: requests, per: window, by: key)
    }

    /// A request-value expression written without braces (`path.id`, `header.Authorization`), checked like a
    /// template's `{{…}}`.
    private func expression(
        _ text: String,
        named name: String,
        line: Int,
        pathParameters: Set<String>?
    ) throws(FixtureError) -> Placeholder {
        guard !text.contains("{{"), !text.contains("}}") else {
            throw FixtureError(
                "\(name) is an expression without braces, like \"path.id\", not \(text.quoted)",
                line: line
            )
        }
        let parts = try TemplateCompiler(pathParameters: pathParameters)
            .compileText("{{" + text + "}}", jsonEscaped: false, line: line)
        for case .placeholder(let placeholder, _) in parts { return placeholder }
        preconditionFailure("a compiled {{…}} has a placeholder")
    }

    /// The `variants`: each a partial response, checked like one (its problems added to the decoder's list).
    func decodeVariants(
        _ root: ObjectReader,
        responses: ResponseDecoder
    ) throws(FixtureError) -> [(name: String, definition: ResponseDefinition)] {
        guard let object = try root.object("variants") else { return [] }
        var variants: [(name: String, definition: ResponseDefinition)] = []
        var seen: Set<String> = []
        for member in object.members {
            guard Self.isValidVariantName(member.key) else {
                responses.problems.add(
                    FixtureError(
                        "variant name \(member.key.quoted) may use only letters, digits, \"-\", \"_\" and \".\"",
                        line: member.keyLine
                    )
                )
                continue
            }
            guard seen.insert(member.key).inserted else {
                responses.problems.add(FixtureError("variants has \(member.key.quoted) twice", line: member.keyLine))
                continue
            }
            let variant = try ObjectReader(member.value, context: object.name(of: member.key))
            if let definition = responses.decode(variant) { variants.append((member.key, definition)) }
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
