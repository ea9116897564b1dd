import Foundation
import StandInSupport

/// The request journal: the last requests the server answered, bounded by count and by bytes (the oldest go first),
/// so memory stays flat however many requests arrive and however large they are. Shared by every loop; every access
/// is under one lock.
final class Journal: Sendable {
    /// The most of a request body an entry keeps.
    static let maxBodyBytes = 64 * 1024
    /// The default byte budget.
    static let defaultByteLimit = 64 * 1024 * 1024

    /// The entries in a ring of slots that grows up to `capacity`: `count` entries from `oldest`, wrapping.
    private struct Ring {
        var slots: [JournalEntry?] = []
        var oldest = 0
        var count = 0
        /// What the kept entries cost, by `JournalEntry.cost`.
        var bytes = 0
        /// Entries recorded so far, including those dropped or cleared.
        var recorded = 0

        mutating func dropOldest() -> JournalEntry? {
            let dropped = slots[oldest].take()
            bytes -= dropped?.cost ?? 0
            oldest = (oldest + 1) % slots.count
            count -= 1
            return dropped
        }
    }

    /// The most entries kept.
    let capacity: Int
    /// The most bytes the kept entries may cost; a single entry larger than this is kept alone.
    let byteLimit: Int
    /// Hears each entry as it is recorded: the dashboard's event streams.
    let feed: JournalFeed
    /// Whose journal this is (the main state's or a session's), as `feed`'s events say it.
    let origin: JournalFeed.Origin
    private let ring = Locked(Ring())

    /// Creates a journal of `capacity` entries (at least 1) costing at most `byteLimit` bytes, whose entries `feed`
    /// hears as coming from `origin`.
    init(
        capacity: Int,
        byteLimit: Int = Journal.defaultByteLimit,
        feed: JournalFeed = JournalFeed(),
        origin: JournalFeed.Origin = .main
    ) {
        self.capacity = max(1, capacity)
        self.byteLimit = max(0, byteLimit)
        self.feed = feed
        self.origin = origin
    }

    /// Adds an entry, dropping the oldest while the journal is over either bound. The entry moves into its slot; it
    /// is copied only for the dashboard's streams, when one is open.
    func record(_ entry: consuming JournalEntry) {
        let cost = entry.cost
        let listened = feed.isListened
        // Swapped into its slot, after which it holds what the slot held (nothing, or an entry cleared from the count),
        // released after the lock like the dropped entries. A full journal drops one entry per entry recorded: that
        // one needs no array.
        var moving: JournalEntry? = consume entry
        var published: JournalEntry?
        var dropped: JournalEntry?
        var droppedMore: [JournalEntry] = []
        ring.withLock { ring in
            ring.recorded += 1
            moving?.number = ring.recorded
            while ring.count > 0, ring.count == capacity || ring.bytes + cost > byteLimit {
                guard let old = ring.dropOldest() else { continue }
                if dropped == nil { dropped = old } else { droppedMore.append(old) }
            }
            if ring.count == 0 { ring.oldest = 0 }
            let slot = (ring.oldest + ring.count) % capacity
            if slot == ring.slots.count { ring.slots.append(nil) }
            if listened { published = moving }
            swap(&ring.slots[slot], &moving)
            ring.count += 1
            ring.bytes += cost
        }
        if let published { feed.publish(published, from: origin) }
    }

    /// Up to `limit` entries that `filter` accepts and that were recorded after entry number `after`, oldest first,
    /// and whether more such entries follow.
    func page(
        matching filter: JournalFilter = JournalFilter(),
        after: Int = 0,
        limit: Int = .max
    ) -> (entries: [JournalEntry], hasMore: Bool) {
        ring.withLock { ring in
            var page: [JournalEntry] = []
            for position in 0..<ring.count {
                guard let entry = ring.slots[(ring.oldest + position) % ring.slots.count],
                    entry.number > after, filter.accepts(entry)
                else { continue }
                guard page.count < limit else { return (page, true) }
                page.append(entry)
            }
            return (page, false)
        }
    }

    /// The number of the last entry recorded; 0 before the first.
    var lastNumber: Int { ring.withLock { $0.recorded } }

    /// How many entries are kept now.
    var count: Int { ring.withLock { $0.count } }

    /// Forgets every entry (numbering goes on) and hands the freed memory back to the system.
    func clear() {
        var released: [JournalEntry?] = []
        ring.withLock { ring in
            swap(&ring.slots, &released)
            ring.oldest = 0
            ring.count = 0
            ring.bytes = 0
        }
        released = []
        FreeMemory.returnToSystem()
    }
}
