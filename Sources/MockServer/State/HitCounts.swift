import StandInSupport

/// How many requests each fixture answered, by fixture id.
///
/// Each loop counts into a shard of its own (`makeShard`), so loops never wait on each other's counting; reading
/// merges the shards.
final class HitCounts: Sendable {
    /// One loop's counts. Its lock is shared only with readers of the totals.
    final class Shard: Sendable {
        fileprivate let tally = Locked(Tally())

        /// Counts one request answered by fixture `id`.
        func add(_ id: String) {
            tally.withLock { $0.add(id) }
        }
    }

    /// One shard's counts: the fixture it counted last apart, since a loop's requests mostly ask for what the one
    /// before asked for, and comparing the same id string costs less than hashing it into the dictionary.
    fileprivate struct Tally {
        private var counts: [String: Int] = [:]
        private var recent: (id: String, count: Int)?

        mutating func add(_ id: String) {
            if recent?.id == id {
                recent!.count += 1
                return
            }
            if let recent { counts[recent.id, default: 0] += recent.count }
            recent = (id, 1)
        }

        /// Every fixture's count.
        var all: [String: Int] {
            guard let recent else { return counts }
            return counts.merging([recent.id: recent.count], uniquingKeysWith: +)
        }
    }

    private let shards = Locked<[Shard]>([])

    /// A new shard for one loop to count into.
    func makeShard() -> Shard {
        let shard = Shard()
        shards.withLock { $0.append(shard) }
        return shard
    }

    /// Every fixture's count, on every loop.
    var all: [String: Int] {
        var totals: [String: Int] = [:]
        for shard in shards.withLock({ $0 }) {
            totals.merge(shard.tally.withLock { $0.all }, uniquingKeysWith: +)
        }
        return totals
    }

    /// Forgets every count.
    func reset() {
        for shard in shards.withLock({ $0 }) {
            shard.tally.withLock { $0 = Tally() }
        }
    }
}
