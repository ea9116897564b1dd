/// An event-stream answer as a recorded fixture's `events`: each event the backend sent, in order, with the delay
/// measured before it, `event`, `id`, `retry` and comments kept, and `data` stored as JSON when it parses as a JSON
/// value other than a string (served compact), else as text. Secrets are replaced as in any recorded body:
/// secret-named JSON members read `<redacted>`, and known secret values are replaced in every string.
enum RecordedEventStream {
    /// The `events` member for `body`, the `n`th event after `delays[n]` (0 when `delays` has no such element); nil
    /// when the events form cannot carry the body (see `EventStreamFields`) or an event's data would read as a
    /// template (`{{`). The caller then stores the body as it is.
    static func member(
        _ body: [UInt8],
        delays: [Duration],
        rules: RecordingRules,
        secrets: SecretIndex
    ) -> JSONNode.Member? {
        guard let events = EventStreamFields.events(in: body), !events.isEmpty else { return nil }
        var nodes: [JSONNode] = []
        for (index, event) in events.enumerated() {
            let delay = index < delays.count ? delays[index] : .zero
            guard let node = node(event, delay: delay, rules: rules, secrets: secrets) else { return nil }
            nodes.append(node)
        }
        return RecordedMatch.member("events", .array(nodes))
    }

    /// One event's object; nil when its data would read as a template.
    private static func node(
        _ event: EventStreamFields.Event,
        delay: Duration,
        rules: RecordingRules,
        secrets: SecretIndex
    ) -> JSONNode? {
        var members: [JSONNode.Member] = []
        func text(_ key: String, _ value: String?) {
            guard let value else { return }
            members.append(RecordedMatch.member(key, .string(Redactor.replace(secrets, in: value))))
        }
        text("comment", event.comment)
        text("event", event.event)
        text("id", event.id)
        if let retry = event.retry { members.append(RecordedMatch.member("retry", .string("\(retry)ms"))) }
        if let data = event.data {
            guard let value = self.data(data, rules: rules, secrets: secrets) else { return nil }
            members.append(JSONNode.Member(key: "data", value: value))
        }
        let milliseconds = Int((delay / .milliseconds(1)).rounded())
        members.append(RecordedMatch.member("delay", .string("\(max(0, milliseconds))ms")))
        return JSONNode(.object(members))
    }

    /// The data as JSON (any value but a string, which a fixture would serve without its quotes) or as text,
    /// redacted; nil when it holds a template marker.
    private static func data(_ data: String, rules: RecordingRules, secrets: SecretIndex) -> JSONNode? {
        if let json = try? JSONParser.parse(data), json.stringValue == nil {
            let redacted = rules.redactor.redact(json, secrets: secrets)
            return redacted.containsTemplateMarker ? nil : redacted
        }
        let text = Redactor.replace(secrets, in: data)
        return text.contains("{{") ? nil : JSONNode(.string(text))
    }
}
