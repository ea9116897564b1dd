extension FixtureRecorder {
    /// Records a WebSocket conversation as a fixture whose answer is a `websocket` (see `RecordedWebSocket`), at
    /// the path its upgrade request would have as an HTTP request. A later conversation with the same request that
    /// said something else (delays aside) makes the fixture a `sequence` of conversations, one per connection, up to
    /// `longestSequence`.
    public func record(_ conversation: RecordedWebSocket) throws -> RecordingOutcome {
        let secrets = secretMemory.index(adding: rules.redactor.secrets(in: conversation.upgrade))
        let match = RecordedMatch(conversation.upgrade, rules: rules, secrets: secrets)
        let path = relativePath(match, conversation.upgrade)
        let spoken = conversation.node(rules: rules, secrets: secrets)
        let gist = conversation.node(rules: rules, secrets: secrets, delays: false).prettyBytes
        var entry =
            conversations[path].flatMap { $0.match.prettyBytes == match.node.prettyBytes ? $0 : nil }
            ?? Conversations(
                endpoint: conversation.upgrade.endpoint,
                match: match.node,
                steps: [],
                gists: [],
                status: .unchanged
            )
        let isFirst = entry.steps.isEmpty
        guard isFirst || (entry.gists != [gist] && entry.steps.count < Self.longestSequence) else {
            return RecordingOutcome(fixtureIDs: [into + "/" + path], label: .unchanged)
        }
        entry.steps.append(spoken)
        entry.gists.append(gist)
        var members = [JSONNode.Member(key: "request", value: entry.match)]
        if entry.steps.count == 1 {
            members.append(JSONNode.Member(key: "websocket", value: spoken))
        } else {
            let steps = entry.steps.map { JSONNode(.object([JSONNode.Member(key: "websocket", value: $0)])) }
            members.append(JSONNode.Member(key: "sequence", value: JSONNode(.array(steps))))
        }
        let result = try writer.write(JSONNode(.object(members)).prettyBytes, to: path)
        entry.status.update(after: result, isFirst: isFirst)
        conversations[path] = entry
        return RecordingOutcome(fixtureIDs: [into + "/" + path], label: result.label)
    }
}

/// The conversations recorded for one request in a run: the fixture's `websocket` of each, and each without its
/// delays, to compare the next one with.
struct Conversations {
    let endpoint: String
    let match: JSONNode
    var steps: [JSONNode]
    var gists: [[UInt8]]
    var status: RecordingSummary.FileStatus
}
