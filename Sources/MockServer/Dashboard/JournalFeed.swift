import StandInSupport

/// Hands each journal entry, as it is recorded, to the dashboard's open event streams, whichever loop recorded it
/// and whichever loop each stream lives on. With no stream open, publishing is one check under a lock.
final class JournalFeed: Sendable {
    /// The most streams open at once (`serve --max-event-streams`).
    let maxStreams: Int
    /// How long a stream's client may leave its last bytes unread after the stream was ended.
    let writeTimeoutSeconds: Int
    private let streams = Locked(Streams())

    private struct Streams {
        /// The open streams; replaced whole when one opens or closes, so publishing takes it without copying.
        var open: [EventStream] = []
        /// Places promised by `reserve` and not yet taken by `add`.
        var reserved = 0
    }

    /// The default for `maxStreams`.
    static let defaultMaxStreams = 16

    /// Creates a feed for at most `maxStreams` streams (none when 0).
    init(maxStreams: Int = JournalFeed.defaultMaxStreams, writeTimeoutSeconds: Int = 60) {
        self.maxStreams = max(0, maxStreams)
        self.writeTimeoutSeconds = max(1, writeTimeoutSeconds)
    }

    /// Whose journal an entry comes from, as its event says it.
    struct Origin: Sendable {
        /// What the event's data adds after the entry's own members (with a leading comma); nothing for the main
        /// journal.
        let members: [UInt8]

        /// The main journal: its events name no session.
        static let main = Origin(members: [])

        /// A session's journal: its events add `"session":{"id":…,"name":…}`, written here once.
        static func session(id: String, name: String?) -> Origin {
            let session = AdminJSON.object([("id", AdminJSON.string(id)), ("name", AdminJSON.string(name))])
            return Origin(members: Array(#","session":"#.utf8) + session.compactBytes)
        }
    }

    /// Offers `entry`, from the journal `origin` names, to every open stream; writes the event only when one is
    /// open, once for them all. Any thread.
    func publish(_ entry: JournalEntry, from origin: Origin) {
        let open = streams.withLock { $0.open }
        guard !open.isEmpty else { return }
        var event: [UInt8] = []
        event.reserveCapacity(Self.eventCapacity)
        ServerSentEvent.append(name: "request", id: entry.number, into: &event) {
            entry.writeSummary(into: &$0, origin: origin)
        }
        for stream in open { stream.offer(event) }
    }

    /// Room for a typical event, so that writing one seldom grows its array.
    private static let eventCapacity = 512

    /// Keeps a place for one more stream, unless `maxStreams` are open or promised already; returns whether it did.
    /// `add` takes the place.
    func reserve() -> Bool {
        streams.withLock { streams in
            guard streams.open.count + streams.reserved < maxStreams else { return false }
            streams.reserved += 1
            return true
        }
    }

    /// Adds `stream` in the place `reserve` kept.
    func add(_ stream: EventStream) {
        streams.withLock { streams in
            streams.reserved -= 1
            streams.open.append(stream)
        }
    }

    /// Removes `stream`; it hears nothing more.
    func remove(_ stream: EventStream) {
        streams.withLock { streams in streams.open.removeAll { $0 === stream } }
    }
}
