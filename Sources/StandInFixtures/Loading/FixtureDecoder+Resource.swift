extension FixtureDecoder {
    /// A `"resource"` fixture: the collection, the `delay` and `fault` of its answers, and its `variants`, written
    /// as a fixture's. Throws every problem found, not only the first.
    ///
    /// A variant that sets a status, headers or a body answers in place of the store, as a fixture's response
    /// would; one that sets only `delay` or `fault` lets the store answer, late or broken.
    func decodeResource(_ node: JSONNode) throws(FixtureProblems) -> ResourceDefinition {
        let problems = ProblemList()
        let resource = decodeResource(node, problems: problems)
        guard let resource, problems.errors.isEmpty else {
            throw FixtureProblems(
                errors: problems.errors.isEmpty ? [FixtureError("invalid resource")] : problems.errors
            )
        }
        return resource
    }

    private func decodeResource(_ node: JSONNode, problems: ProblemList) -> ResourceDefinition? {
        guard let root = problems.attempt({ try ObjectReader(node, context: "fixture", isDocument: true) }) else {
            return nil
        }
        root.checkKnownKeys(["resource", "variants", "description"], into: problems)
        problems.attempt { try root.string("description") }
        guard let resource = problems.attempt({ try root.object("resource") }) ?? nil else {
            problems.add(FixtureError("\"resource\" is missing", line: node.line))
            return nil
        }
        resource.checkKnownKeys(ResourceDefinition.keys, into: problems)
        let responses = ResponseDecoder(file: file, rootURL: rootURL, networks: config.networks, problems: problems)
        var base = ResponseDefinition()
        responses.decodeSimulation(resource, into: &base)
        let variants = problems.attempt { try decodeVariants(root, responses: responses) } ?? []
        let response = problems.attempt { try base.compile(config: config, pathParameters: []) }
        var compiled: [String: CompiledResponse] = [:]
        for (name, variant) in variants {
            compiled[name] = problems.attempt { try base.applying(variant).compile(config: config, pathParameters: []) }
        }
        let replacing = variants.filter { $0.definition.replacesStoreAnswer }.map(\.name)
        guard let response else { return nil }
        return problems.attempt {
            try ResourceDefinition(
                id: id,
                document: node,
                resource: resource,
                response: response,
                variants: compiled,
                replacingVariants: Set(replacing)
            )
        }
    }
}

extension ResponseDefinition {
    /// Whether a resource's variant answers in place of the store: it sets a status, headers or a body.
    fileprivate var replacesStoreAnswer: Bool { status != nil || headers != nil || body != nil }
}
