/// A response that streams server-sent events (`text/event-stream`) instead of a body, compiled at load: each event
/// with its wait, its fields ready on the wire and its `data` a template rendered when it is sent.
///
/// The server writes it through evhttp's chunked replies on timers; `MockRegistry` yields the same bytes after the
/// same waits. Both start after the event the request's `Last-Event-ID` names (`firstEvent(after:)`).
public struct EventStreamScript: Sendable {
    /// What happens once the last event is out.
    public enum Ending: String, Sendable {
        /// End the response (the default).
        case close
        /// Keep the stream open until the client leaves.
        case hold
    }

    /// One event of the stream.
    public struct Event: Sendable {
        /// The event's `id`, which a reconnecting client sends back as `Last-Event-ID`.
        public let id: String?
        /// How long after the previous event (or the head, for the first) the event is sent.
        public let delay: Duration
        /// The event's fields before its data, as they go on the wire: comment, `event`, `id`, `retry`.
        let fields: [UInt8]
        /// The `data`, compact JSON or text; nil for an event without data.
        let data: ByteTemplate?
        /// The whole event on the wire, when its data has no template: shared by every stream that sends it.
        let fixedBytes: [UInt8]?

        init(
            event: String?,
            id: String?,
            data: ByteTemplate?,
            retry: Duration?,
            comment: String?,
            delay: Duration
        ) {
            var fields: [UInt8] = []
            if let comment { EventStreamText.appendLines(of: Array(comment.utf8), prefix: ": ", to: &fields) }
            if let event { EventStreamText.appendField("event", Array(event.utf8), to: &fields) }
            if let id { EventStreamText.appendField("id", Array(id.utf8), to: &fields) }
            if let retry { EventStreamText.appendField("retry", EventStreamText.milliseconds(retry), to: &fields) }
            self.id = id
            self.delay = delay
            self.fields = fields
            self.data = data
            if let data, data.fixedBytes == nil {
                fixedBytes = nil
            } else {
                fixedBytes = Self.wire(fields: fields, data: data?.fixedBytes)
            }
        }

        /// The event on the wire: its fields, each line of `data` as a `data:` line, and the blank line that ends it.
        static func wire(fields: [UInt8], data: [UInt8]?) -> [UInt8] {
            var bytes = fields
            if let data { EventStreamText.appendLines(of: data, prefix: "data: ", to: &bytes) }
            bytes.append(UInt8(ascii: "\n"))
            return bytes
        }
    }

    /// The Content-Type of a stream, unless the fixture sets its own.
    public static let contentType = "text/event-stream; charset=utf-8"

    /// The events, in order.
    public let events: [Event]
    /// The reconnection time the stream tells its client before the first event, if any.
    public let retry: Duration?
    /// What happens after the last event.
    public let ending: Ending

    init(events: [Event], retry: Duration?, ending: Ending) {
        self.events = events
        self.retry = retry
        self.ending = ending
    }

    /// What the stream starts with before any event: a `retry:` field of its own when the script sets one.
    public var opening: [UInt8] {
        guard let retry else { return [] }
        var bytes: [UInt8] = []
        EventStreamText.appendField("retry", EventStreamText.milliseconds(retry), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The index of the first event to send to a client that last saw `lastEventID`: the one after the last event
    /// with that id, or the first when no event has it (or none was named).
    public func firstEvent(after lastEventID: String?) -> Int {
        guard let lastEventID, let seen = events.lastIndex(where: { $0.id == lastEventID }) else { return 0 }
        return seen + 1
    }

    /// The wire bytes of each event from `first` on, their `data` rendered from `context`: the fields, each line
    /// of data as a `data:` line, and the blank line that ends the event. An event without a template is shared,
    /// not copied.
    public func render<Request: IncomingRequest>(
        from first: Int,
        with context: inout RenderContext<Request>
    ) -> [[UInt8]] {
        events[first...].map { event in
            event.fixedBytes ?? Event.wire(fields: event.fields, data: event.data?.render(with: &context))
        }
    }
}
