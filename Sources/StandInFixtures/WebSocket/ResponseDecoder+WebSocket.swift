extension ResponseDecoder {
    /// A fixture's top-level `websocket`: a response whose body form is that conversation and nothing else.
    func decode(websocket member: JSONNode.Member) -> ResponseDefinition? {
        problems.attempt { () throws(FixtureError) -> ResponseDefinition in
            var definition = ResponseDefinition()
            definition.websocket = try WebSocketDefinition(member.value, context: member.key)
            definition.bodyKey = (member.key, member.keyLine)
            return definition
        }
    }

    /// A response that upgrades to a conversation has status 101 (Switching Protocols), set or not.
    static func checkUpgradeStatus(_ object: ObjectReader, status: Int?) throws(FixtureError) {
        guard let status, status != 101, let member = object.member("status") else { return }
        throw FixtureError(
            "\(object.name(of: "status")) is \(status), but a \"websocket\" answer switches protocols with 101; "
                + "remove the status",
            line: member.keyLine
        )
    }
}
