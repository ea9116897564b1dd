import StandInSupport

/// One browser's event stream. Events offered from any loop wait in a bounded queue; the stream's own loop writes
/// them out, all that waited in one chunk. When a client reads too slowly for the queue or its connection's output
/// buffer (each at most `bufferBytes`), the stream is dropped: it leaves the feed, its queue is emptied, and the
/// client is told with a `dropped` event before the connection closes.
final class EventStream: Sendable {
    /// The most bytes of events that may wait for one client in the queue, and again in its connection's output
    /// buffer.
    static let bufferBytes = 128 * 1024

    private struct Queue {
        var bytes: [UInt8] = []
        /// Whether the loop has been asked to write the queue out and has not yet.
        var drainScheduled = false
        var overflowed = false
    }

    private let queue = Locked(Queue())
    private let reply: LoopBound<EventStreamReply>
    private let feed: JournalFeed

    /// A stream that writes into `reply`, which lives on `loop`; create it on the loop's thread.
    init(_ reply: EventStreamReply, on loop: EventLoop, feed: JournalFeed) {
        self.reply = LoopBound(reply, on: loop)
        self.feed = feed
    }

    /// Queues `event` (whole server-sent events) and wakes the stream's loop if it is not awake already. Any thread.
    func offer(_ event: [UInt8]) {
        let wake = queue.withLock { queue in
            guard !queue.overflowed else { return false }
            if queue.bytes.count + event.count > Self.bufferBytes {
                queue.overflowed = true
                queue.bytes = []
            } else {
                queue.bytes += event
            }
            defer { queue.drainScheduled = true }
            return !queue.drainScheduled
        }
        guard wake else { return }
        reply.hop { [self] reply in drain(into: reply) }
    }

    /// Writes out what waits; on the stream's loop.
    private func drain(into reply: EventStreamReply) {
        let (bytes, overflowed) = queue.withLock { queue in
            defer {
                queue.bytes = []
                queue.drainScheduled = false
            }
            return (queue.bytes, queue.overflowed)
        }
        guard reply.isOpen else { return }
        if overflowed || !reply.send(bytes[...]) {
            feed.remove(self)
            reply.end(with: Self.droppedEvent)
        }
    }

    private static let droppedEvent = ServerSentEvent(
        name: "dropped",
        data: Array(#"{"reason":"the page read events too slowly; reload it to reconnect"}"#.utf8)
    ).bytes
}
