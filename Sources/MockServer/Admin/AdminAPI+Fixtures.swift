import StandInFixtures

extension AdminAPI {
    /// `GET /__standin/fixtures`: every fixture (each resource as the fixture of `ANY /todos`) with its endpoint,
    /// source, variants, selected variant and hits.
    func listFixtures() -> AdminReply {
        let set = state.fixtures.current
        let hits = context.hits.all
        let fixtures = state.fixtures.endpointFixtures.map { fixture in
            let selected = state.chooser.variants.variant(for: fixture)
            return AdminJSON.object([
                ("id", AdminJSON.string(fixture.id)),
                ("endpoint", AdminJSON.string(fixture.endpoint)),
                ("source", AdminJSON.string(set.runtimeIDs.contains(fixture.id) ? "runtime" : "file")),
                ("variants", AdminJSON.strings(fixture.variantNames)),
                ("selectedVariant", AdminJSON.string(fixture.variantNames.contains(selected ?? "") ? selected : nil)),
                ("hits", AdminJSON.int(hits[fixture.id] ?? 0)),
            ])
        }
        return AdminReply(status: 200, json: AdminJSON.object([("fixtures", AdminJSON.array(fixtures))]))
    }

    /// `POST /__standin/fixtures`: the body is a fixture, checked exactly like a file; 201 with its new id.
    func addFixture(_ body: [UInt8]) throws(AdminError) -> AdminReply {
        guard !body.isEmpty else {
            throw AdminError(status: 400, message: "the body must be a fixture's JSON; it is empty")
        }
        let fixture: Fixture
        do {
            fixture = try state.fixtures.add(body)
        } catch {
            switch error {
            case .invalid(let problem):
                let place = problem.line.map { "line \($0): " } ?? ""
                throw AdminError(status: 400, message: "the fixture is not valid: \(place)\(problem.reason)")
            case .overBudget(let budget):
                throw AdminError(
                    status: 507,
                    message: "the run-time fixtures would hold more than \(budget) bytes of fixture JSON, the most "
                        + "they may; remove some (DELETE /__standin/fixtures/{id}) or reset, and try again"
                )
            }
        }
        var reply = AdminReply(
            status: 201,
            json: AdminJSON.object([
                ("id", AdminJSON.string(fixture.id)), ("endpoint", AdminJSON.string(fixture.endpoint)),
            ])
        )
        reply.headers.append(("Location", Self.pathPrefix + "fixtures/" + fixture.id))
        return reply
    }

    /// `DELETE /__standin/fixtures/{id}`: removes a run-time fixture.
    func removeFixture(id: String) throws(AdminError) -> AdminReply {
        switch state.fixtures.remove(id: id) {
        case .removed:
            return AdminReply(status: 200, json: AdminJSON.object([("removed", AdminJSON.string(id))]))
        case .notRuntime:
            throw AdminError(
                status: 404,
                message: "\(id) is a file fixture; only run-time fixtures (\(FixtureStore.runtimePrefix)N) can be "
                    + "removed here; edit or delete the file instead"
            )
        case .unknown:
            let runtime = state.fixtures.current.runtimeIDs.sorted()
            let list = runtime.isEmpty ? "there are none" : "there are: " + runtime.joined(separator: ", ")
            throw AdminError(status: 404, message: "no run-time fixture has the id \(id.debugDescription); \(list)")
        }
    }
}
