/// When ``APIClient/events(for:reconnection:)`` connects again after a stream ended or its connection broke.
///
/// Like a browser's `EventSource`, the client waits the reconnection time the server last set with `retry:` (or
/// `delay` until it sets one) and connects again with `Last-Event-ID`, so the server can go on after the last event
/// seen. It never reconnects after the caller stops reading, after an HTTP error status or a body that is not an
/// event stream (those throw), or after HTTP 204 No Content, the server's way of saying "stop" (the stream ends).
///
/// Unlike a browser, it reconnects at most `maxReconnects` times over the stream's life, so that a stream whose
/// server closes it after the last event (as StandIn's `afterLast: close` does) ends once the reconnections run out,
/// instead of asking again forever.
public struct EventStreamReconnection: Sendable {
    /// The wait before connecting again until the server sets its own with `retry:`.
    public var delay: Duration
    /// How many times in all the stream connects again; nil for as often as the server allows.
    public var maxReconnects: Int?

    /// Creates a policy; by default, up to 3 reconnections, 3 seconds apart unless the server says otherwise.
    public init(delay: Duration = .seconds(3), maxReconnects: Int? = 3) {
        self.delay = delay
        self.maxReconnects = maxReconnects.map { max(0, $0) }
    }

    /// Never connects again: the stream ends when its first connection does.
    public static let never = EventStreamReconnection(maxReconnects: 0)

    /// Reconnects for as long as the server allows, as a browser does: for a live feed that should outlast any
    /// number of dropped connections.
    public static let always = EventStreamReconnection(maxReconnects: nil)

    /// Whether the stream may connect again after `reconnects` reconnections.
    func allows(after reconnects: Int) -> Bool {
        maxReconnects.map { reconnects < $0 } ?? true
    }
}
