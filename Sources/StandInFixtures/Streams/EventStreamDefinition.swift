/// An `events` response as a fixture declares it: decoded and checked, compiled with the rest of the response.
struct EventStreamDefinition {
    /// One event as declared.
    struct Event {
        var event: String?
        var id: String?
        /// The `data`: a JSON value (served compact), or a text (a JSON string in the fixture).
        var data: JSONNode?
        var retry: Duration?
        var comment: String?
        var delay: Duration
        /// The line of the event's object.
        var line: Int
    }

    var events: [Event]
    var retry: Duration?
    var ending: EventStreamScript.Ending
    /// The line of `events`.
    var line: Int

    /// The keys of one event object.
    static let eventKeys = ["event", "id", "data", "retry", "comment", "delay"]

    /// Reads `events` (and `retry`, `afterLast`) from a response object.
    init(_ object: ObjectReader, events member: JSONNode.Member) throws(FixtureError) {
        guard case .array(let elements) = member.value.value else {
            throw FixtureError("\(object.name(of: "events")) must be an array of events", line: member.keyLine)
        }
        guard !elements.isEmpty else {
            throw FixtureError(
                "\(object.name(of: "events")) is empty; a stream needs at least one event",
                line: member.keyLine
            )
        }
        var events: [Event] = []
        for (index, element) in elements.enumerated() {
            events.append(try Self.event(element, context: "\(object.name(of: "events"))[\(index)]"))
        }
        self.events = events
        retry = try object.duration("retry")
        ending = .close
        line = member.keyLine
        if let (name, line) = try object.string("afterLast") {
            guard let ending = EventStreamScript.Ending(rawValue: name) else {
                throw FixtureError(
                    "\(object.name(of: "afterLast")) is \(name.quoted); use \"close\" or \"hold\"",
                    line: line
                )
            }
            self.ending = ending
        }
    }

    private static func event(_ node: JSONNode, context: String) throws(FixtureError) -> Event {
        let object = try ObjectReader(node, context: context)
        try object.requireKnownKeys(eventKeys)
        let event = try singleLine(object, "event")
        let id = try singleLine(object, "id")
        if let id, id.contains("\0") {
            throw FixtureError(
                "\(object.name(of: "id")) contains a NUL character, which clients ignore",
                line: node.line
            )
        }
        let comment = try object.string("comment")?.value
        let data = object.member("data")?.value
        guard data != nil || event != nil || id != nil || comment != nil || object.member("retry") != nil else {
            throw FixtureError(
                "\(context) sends nothing; give it \"data\", \"event\", \"id\", \"retry\" or \"comment\"",
                line: node.line
            )
        }
        return Event(
            event: event,
            id: id,
            data: data,
            retry: try object.duration("retry"),
            comment: comment,
            delay: try object.duration("delay") ?? .zero,
            line: node.line
        )
    }

    /// A string member that must fit on one line (a line break would end the field).
    private static func singleLine(_ object: ObjectReader, _ key: String) throws(FixtureError) -> String? {
        guard let (value, line) = try object.string(key) else { return nil }
        guard !value.contains(where: \.isNewline) else {
            throw FixtureError("\(object.name(of: key)) must be one line", line: line)
        }
        return value
    }

    /// The script, its `data` templates compiled with `compiler`.
    func compile(with compiler: TemplateCompiler) throws(FixtureError) -> EventStreamScript {
        var compiled: [EventStreamScript.Event] = []
        for event in events {
            let data = try event.data.map { node throws(FixtureError) in try compiler.compileTextOrJSON(node) }
            compiled.append(
                EventStreamScript.Event(
                    event: event.event,
                    id: event.id,
                    data: data,
                    retry: event.retry,
                    comment: event.comment,
                    delay: event.delay
                )
            )
        }
        return EventStreamScript(events: compiled, retry: retry, ending: ending)
    }
}
