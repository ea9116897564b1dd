import StandInSupport

/// Hands each journal entry, as it is recorded, to the dashboard's open event streams, whichever loop recorded it
/// and whichever loop each stream lives on. With no stream open, publishing is one check under a lock.
///
/// At most `liveEventsPerSecond` requests a second (500 unless told) are shown live: a dashboard must never slow a load test, and no
/// one reads thousands of entries a second. Requests above the cap are only counted (no event is written or
/// copied), and a `skipped` event tells the streams how many, at most every `skippedReportDelay` while requests are
/// skipped and once after the last; the journal still holds them all.
final class JournalFeed: Sendable {
    /// The default for `liveEventsPerSecond`.
    static let defaultLiveEventsPerSecond = 500
    /// How long after a request is skipped the feed reports the requests skipped so far.
    static let skippedReportDelay = Duration.milliseconds(250)

    /// The most streams open at once (`serve --max-event-streams`).
    let maxStreams: Int
    /// The most request events shown live in a second; requests beyond are counted in `skipped` events.
    let liveEventsPerSecond: Int
    /// The server's `--idle-timeout`: how long a stream's client may leave its last bytes unread after the stream was
    /// ended, and how long a stream must have written nothing before a new stream may take its place.
    let idleTimeoutSeconds: Int
    private let streams: Locked<Streams>

    private struct Streams {
        /// The open streams; replaced whole when one opens or closes, so publishing takes it without copying.
        var open: [EventStream] = []
        /// Places promised by `reserve` and not yet taken by `add`.
        var reserved = 0
        /// The live rate cap: how many request events the current window has shown.
        var live: LiveRate
        /// The requests not shown live since the last `skipped` event.
        var skipped = Skipped()

        /// Decides what to do with an entry numbered `number` (in the main journal when `main`).
        mutating func admit(number: Int, main: Bool) -> Admission {
            guard !open.isEmpty else { return .nothing }
            if live.admits() { return .show(open) }
            skipped.count += 1
            if main { skipped.lastMainNumber = number }
            guard !skipped.reportArmed, let first = open.first else { return .nothing }
            skipped.reportArmed = true
            return .armReport(on: first)
        }
    }

    /// The requests skipped since the last report.
    private struct Skipped {
        var count = 0
        /// The number of the last of them in the main journal, if any was.
        var lastMainNumber: Int?
        /// Whether a timer will report them and has not yet.
        var reportArmed = false
    }

    /// What publishing an entry does.
    private enum Admission {
        /// No stream is open, or the entry is counted as skipped.
        case nothing
        /// The entry's event goes to these streams.
        case show([EventStream])
        /// The entry is the first skipped since the last report: a timer on this stream's loop will report it.
        case armReport(on: EventStream)
    }

    /// The default for `maxStreams`.
    static let defaultMaxStreams = 16

    /// Creates a feed for at most `maxStreams` streams (none when 0).
    init(
        maxStreams: Int = JournalFeed.defaultMaxStreams,
        liveEventsPerSecond: Int = JournalFeed.defaultLiveEventsPerSecond,
        idleTimeoutSeconds: Int = 60
    ) {
        self.maxStreams = max(0, maxStreams)
        self.liveEventsPerSecond = max(1, liveEventsPerSecond)
        streams = Locked(Streams(live: LiveRate(perSecond: self.liveEventsPerSecond)))
        self.idleTimeoutSeconds = max(1, idleTimeoutSeconds)
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

    /// Whether a stream is open, so that a journal hands its entries on. Any thread.
    var isListened: Bool { streams.withLock { !$0.open.isEmpty } }

    /// Offers `entry`, from the journal `origin` names, to every open stream; writes the event only when one is
    /// open and the live rate cap admits it, once for them all. Any thread.
    func publish(_ entry: JournalEntry, from origin: Origin) {
        let open: [EventStream]
        switch streams.withLock({ $0.admit(number: entry.number, main: origin.members.isEmpty) }) {
        case .nothing:
            return
        case .armReport(let stream):
            stream.run(after: Self.skippedReportDelay) { [self] in reportSkipped() }
            return
        case .show(let streams):
            open = streams
        }
        var event: [UInt8] = []
        event.reserveCapacity(Self.eventCapacity)
        ServerSentEvent.append(name: "request", id: entry.number, into: &event) {
            entry.writeSummary(into: &$0, origin: origin)
        }
        for stream in open { stream.offer(event) }
    }

    /// Offers every open stream a `skipped` event, `{"count":…,"through":…}`: how many requests were not shown
    /// since the last (at least the one that armed this report), and the main journal's number of the last of them
    /// (null when all were a session's). On the loop of the stream that armed it.
    private func reportSkipped() {
        let (open, skipped) = streams.withLock { streams in
            defer { streams.skipped = Skipped() }
            return (streams.open, streams.skipped)
        }
        let data = AdminJSON.object([
            ("count", AdminJSON.int(skipped.count)),
            ("through", skipped.lastMainNumber.map(AdminJSON.int) ?? AdminJSON.null),
        ])
        let event = ServerSentEvent(name: "skipped", data: data.compactBytes).bytes
        for stream in open { stream.offer(event) }
    }

    /// Room for a typical event, so that writing one seldom grows its array.
    private static let eventCapacity = 512

    /// Keeps a place for one more stream, unless `maxStreams` are open or promised already and none of the open ones
    /// has written anything for `idleTimeoutSeconds`; returns whether it did. When all places are taken, the stream
    /// idle longest gives its place: it is ended with a `dropped` event that says why. `add` takes the place.
    func reserve() -> Bool {
        let now = ContinuousClock.now
        let idleTimeout = Duration.seconds(idleTimeoutSeconds)
        let (reserved, idle) = streams.withLock { streams -> (Bool, EventStream?) in
            if streams.open.count + streams.reserved < maxStreams {
                streams.reserved += 1
                return (true, nil)
            }
            let idlest = streams.open.map { (stream: $0, since: $0.lastWritten) }.min { $0.since < $1.since }
            guard let idlest, now - idlest.since >= idleTimeout else { return (false, nil) }
            streams.open.removeAll { $0 === idlest.stream }
            streams.reserved += 1
            return (true, idlest.stream)
        }
        idle?.end(with: idleEvent)
        return reserved
    }

    /// The last event of a stream that gave its place to a new one.
    private var idleEvent: [UInt8] {
        let reason =
            "the stream showed nothing for \(idleTimeoutSeconds)s (--idle-timeout) and another dashboard needed its "
            + "place; reload to reconnect"
        let data = AdminJSON.object([("reason", AdminJSON.string(reason))])
        return ServerSentEvent(name: "dropped", data: data.compactBytes).bytes
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
