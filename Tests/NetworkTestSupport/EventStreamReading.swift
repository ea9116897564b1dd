import NetworkCore

/// Reads `stream` to its end: every event, in order, and the error that ended it, if any.
public func readToEnd(
    _ stream: AsyncThrowingStream<ServerSentEvent, any Error>
) async -> (events: [ServerSentEvent], error: (any Error)?) {
    var events: [ServerSentEvent] = []
    do {
        for try await event in stream { events.append(event) }
        return (events, nil)
    } catch {
        return (events, error)
    }
}
