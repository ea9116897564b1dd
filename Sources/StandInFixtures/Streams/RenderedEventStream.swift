/// An event stream rendered for one request: the bytes of each event it gets and when each is due. The server sends
/// it on its loop's timers; `MockRegistry` hands the same bytes over after the same waits.
public struct RenderedEventStream: Sendable {
    /// What the stream starts with (a `retry:` field), if anything.
    public var opening: [UInt8]
    /// Each event's bytes, from the first one the request gets (after its `Last-Event-ID`).
    public var events: [[UInt8]]
    /// How long after the previous event (or the head) each is sent.
    public var delays: [Duration]
    /// What happens after the last event.
    public var ending: EventStreamScript.Ending
}

extension EventStreamScript {
    /// The stream for a client that last saw `lastEventID` (the request's `Last-Event-ID`): the events after it,
    /// their `data` rendered from `context`.
    public func rendered<Request: IncomingRequest>(
        after lastEventID: String?,
        with context: inout RenderContext<Request>
    ) -> RenderedEventStream {
        let first = firstEvent(after: lastEventID)
        return RenderedEventStream(
            opening: opening,
            events: render(from: first, with: &context),
            delays: events[first...].map(\.delay),
            ending: ending
        )
    }
}
