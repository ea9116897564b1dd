import StandInFixtures

extension AdminAPI {
    /// `GET /__standin/variants`: endpoint → selected variant.
    func variants() -> AdminReply {
        let selected = state.chooser.variants.all.sorted { $0.key < $1.key }
        return AdminReply(status: 200, json: AdminJSON.object(selected.map { ($0.key, AdminJSON.string($0.value)) }))
    }

    /// `PUT /__standin/variants` with `{"GET /users/{id}": "expired-token", "GET /me": null}`: selects variants
    /// (null clears). All or nothing: an unknown endpoint or variant changes nothing.
    func setVariants(_ body: [UInt8]) throws(AdminError) -> AdminReply {
        let node = try Self.parseObject(body, example: #"{"GET /users/{id}": "expired-token"}"#)
        guard case .object(let members) = node.value else { preconditionFailure("parseObject checked it") }
        var changes: [(endpoint: String, variant: String?)] = []
        let fixtures = state.fixtures.endpointFixtures
        for member in members {
            switch member.value.value {
            case .null:
                changes.append((member.key, nil))
            case .string(let name):
                if let problem = VariantCheck.problem(endpoint: member.key, variant: name, fixtures: fixtures) {
                    throw AdminError(status: 400, message: problem)
                }
                changes.append((member.key, name))
            default:
                throw AdminError(
                    status: 400,
                    message: "\(member.key.debugDescription) must map to a variant name or null, "
                        + "not \(member.value.typeName)"
                )
            }
        }
        for change in changes { state.chooser.variants.set(change.variant, for: change.endpoint) }
        return variants()
    }

    /// Parses a JSON object body, or throws a 400 that shows what one looks like.
    static func parseObject(_ body: [UInt8], example: String) throws(AdminError) -> JSONNode {
        let node: JSONNode
        do {
            node = try JSONParser.parse(body)
        } catch {
            throw AdminError(
                status: 400,
                message: "the body is not valid JSON (\(error)); send an object like \(example)"
            )
        }
        guard case .object = node.value else {
            throw AdminError(
                status: 400,
                message: "the body must be a JSON object like \(example), not \(node.typeName)"
            )
        }
        return node
    }
}
