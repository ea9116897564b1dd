import StandInSupport

/// How many requests each fixture answered, by fixture id.
///
/// Each loop counts into a shard of its own (`makeShard`), so loops never wait on each other's counting; reading
/// merges the shards.
final class HitCounts: Sendable {
    /// One loop's counts. Its lock is shared only with readers of the totals.
    final class Shard: Sendable {
        fileprivate let counts = Locked<[String: Int]>([:])

        /// Counts one request answered by fixture `id`.
        func add(_ id: String) {
            counts.withLock { $0[id, default: 0] += 1 }
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
            totals.merge(shard.counts.withLock { $0 }, uniquingKeysWith: +)
        }
        return totals
    }

    /// Forgets every count.
    func reset() {
        for shard in shards.withLock({ $0 }) {
            shard.counts.withLock { $0.removeAll() }
        }
    }
}
