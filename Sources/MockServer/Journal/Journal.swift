import Foundation

/// The request journal: the last `capacity` requests the server answered, in a ring, so memory stays flat however
/// many requests arrive. Shared by every loop; every access is under one lock.
final class Journal: Sendable {
    /// The most of a request body an entry keeps.
    static let maxBodyBytes = 64 * 1024
    private struct Ring {
        var entries: [JournalEntry] = []
        /// Where the next entry goes once the ring is full.
        var next = 0
        /// Entries recorded so far, including those overwritten or cleared.
        var recorded = 0
    }

    /// The most entries kept; the oldest are dropped first.
    let capacity: Int
    private let ring = Locked(Ring())

    /// Creates a journal of `capacity` entries (at least 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds an entry, dropping the oldest when full.
    func record(_ entry: consuming JournalEntry) {
        var entry = entry
        ring.withLock { ring in
            ring.recorded += 1
            entry.number = ring.recorded
            if ring.entries.count < capacity {
                ring.entries.append(entry)
            } else {
                // A swap moves the entry in without copying it; the one it replaces is released after the lock.
                swap(&ring.entries[ring.next], &entry)
                ring.next = (ring.next + 1) % capacity
            }
        }
    }

    /// The entries `filter` accepts, oldest first.
    func entries(matching filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        let ordered = ring.withLock { ring in
            Array(ring.entries[ring.next...] + ring.entries[..<ring.next])
        }
        return ordered.filter(filter.accepts)
    }

    /// How many entries are kept now.
    var count: Int { ring.withLock { $0.entries.count } }

    /// Forgets every entry (numbering goes on).
    func clear() {
        ring.withLock { ring in
            ring.entries.removeAll()
            ring.next = 0
        }
    }
}
