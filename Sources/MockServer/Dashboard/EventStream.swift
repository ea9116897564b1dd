import StandInEngine
import StandInSupport

/// One browser's event stream. Events offered from any loop wait in a bounded queue; the stream's own loop writes
/// out all that waited in one chunk, `flushDelay` after the first of them or as soon as `flushBytes` wait, so that
/// a busy server writes to each stream in pieces of many events rather than once per request. When a client
/// reads too slowly for the queue or its connection's output buffer (each at most `bufferBytes`), the stream is
/// dropped: it leaves the feed, its queue is emptied, and the client is told with a `dropped` event before the
/// connection closes.
final class EventStream: Sendable {
    /// The most bytes of events that may wait for one client in the queue, and again in its connection's output
    /// buffer.
    static let bufferBytes = 128 * 1024
    /// The longest an event waits in the queue before the loop writes it out.
    static let flushDelay = Duration.milliseconds(20)
    /// The bytes waiting at which the loop writes them out without waiting for `flushDelay`.
    static let flushBytes = bufferBytes / 4

    private struct Queue {
        var bytes: [UInt8] = []
        /// Whether a timer will write the queue out and has not yet.
        var timerArmed = false
        /// Whether the loop has been asked to write the queue out at once and has not yet.
        var writeAsked = false
        var overflowed = false
        /// When the loop last wrote events out, or the stream opened.
        var lastWritten = ContinuousClock.now
    }

    /// The stream's side on its loop: the reply, the loop (for the timer), and the buffer the queue is swapped
    /// with, so that neither reallocates once grown. The loop is unowned: a writer is reached only through `hop`,
    /// which runs on the loop's thread while the loop lives, and a strong reference would keep a stopped loop alive
    /// through the tasks it queued.
    private final class Writer {
        let reply: EventStreamReply
        unowned let loop: EventLoop
        var spare: [UInt8] = []

        init(_ reply: EventStreamReply, on loop: EventLoop) {
            self.reply = reply
            self.loop = loop
        }
    }

    private let queue = Locked(Queue())
    private let writer: LoopBound<Writer>
    private let feed: JournalFeed

    /// A stream that writes into `reply`, which lives on `loop`; create it on the loop's thread.
    init(_ reply: EventStreamReply, on loop: EventLoop, feed: JournalFeed) {
        writer = LoopBound(Writer(reply, on: loop), on: loop)
        self.feed = feed
    }

    /// Queues `event` (whole server-sent events) and has the stream's loop write it out soon. Any thread.
    func offer(_ event: [UInt8]) {
        let asked = queue.withLock { queue -> Write? in
            guard !queue.overflowed else { return nil }
            if queue.bytes.count + event.count > Self.bufferBytes {
                queue.overflowed = true
                queue.bytes = []
            } else {
                queue.bytes.append(contentsOf: event)
            }
            if !queue.writeAsked, queue.overflowed || queue.bytes.count >= Self.flushBytes {
                queue.writeAsked = true
                return .now
            }
            // A write asked for or a timer armed takes these bytes too.
            guard !queue.writeAsked, !queue.timerArmed else { return nil }
            queue.timerArmed = true
            return .onTimer
        }
        switch asked {
        case .now:
            writer.hop { [self] writer in write(writer, .now) }
        case .onTimer:
            writer.hop { [self] writer in
                writer.loop.schedule(after: Self.flushDelay) { [self] in write(writer, .onTimer) }
            }
        case nil:
            break
        }
    }

    /// Runs `action` on the stream's loop after `delay`, whether or not the stream is still open; never if the loop
    /// has stopped. Any thread.
    func run(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        writer.hop { writer in writer.loop.schedule(after: delay, action) }
    }

    /// When the loop last wrote events out to the client, or the stream opened. Any thread.
    var lastWritten: ContinuousClock.Instant { queue.withLock { $0.lastWritten } }

    /// Ends the stream with `last` (whole server-sent events), on its loop; for a stream that has left the feed.
    /// Any thread.
    func end(with last: [UInt8]) {
        writer.hop { writer in writer.reply.end(with: last) }
    }

    /// When the loop writes the queue out.
    private enum Write {
        case now
        case onTimer
    }

    /// Writes out what waits; on the stream's loop.
    private func write(_ writer: Writer, _ kind: Write) {
        let overflowed = queue.withLock { queue in
            swap(&queue.bytes, &writer.spare)
            switch kind {
            case .now: queue.writeAsked = false
            case .onTimer: queue.timerArmed = false
            }
            queue.lastWritten = .now
            return queue.overflowed
        }
        defer { writer.spare.removeAll(keepingCapacity: true) }
        let reply = writer.reply
        guard reply.isOpen else { return }
        if overflowed || !reply.send(writer.spare[...]) {
            feed.remove(self)
            reply.end(with: Self.droppedEvent)
        }
    }

    private static let droppedEvent = ServerSentEvent(
        name: "dropped",
        data: Array(#"{"reason":"the page read events too slowly; reload it to reconnect"}"#.utf8)
    ).bytes
}
