/// One server-sent event, as a browser's `EventSource` dispatches it (the WHATWG HTML standard's `MessageEvent`).
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: its `event:` field, or `"message"`.
    public var event: String
    /// The event's `data:` lines, joined with line feeds.
    public var data: String
    /// The stream's last event ID when the event was dispatched: set by an `id:` field, in this event or an earlier
    /// one, and kept until another changes it (the standard's `lastEventId`); nil while it is empty.
    public var id: String?
    /// The reconnection time a `retry:` field among the event's own lines set, if any. It holds for the rest of the
    /// stream, as the stream's own setting (a `retry:` alone in a block dispatches no event).
    public var retry: Duration?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Duration? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
