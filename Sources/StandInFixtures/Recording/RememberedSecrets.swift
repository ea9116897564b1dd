/// The secret values a recording run has seen, newest kept, bounded in number and in bytes, and compiled once into
/// the index every exchange is searched with: it is compiled again only when an exchange brings a new value.
struct RememberedSecrets {
    private let maxCount: Int
    private let maxBytes: Int
    /// Oldest first.
    private var values: [String] = []
    private var known: Set<String> = []
    private var bytes = 0
    private var compiled: SecretIndex?

    init(count: Int, bytes: Int) {
        maxCount = count
        maxBytes = bytes
    }

    /// Remembers `found` (one exchange's secret values) and returns the index of them and every value remembered.
    /// Those of `found` that the bounds leave out are still searched for in this exchange.
    mutating func index(adding found: [String]) -> SecretIndex {
        for value in found where !known.contains(value) && value.utf8.count <= maxBytes {
            values.append(value)
            known.insert(value)
            bytes += value.utf8.count
            compiled = nil
        }
        var forgotten = 0
        while values.count - forgotten > maxCount || bytes > maxBytes {
            bytes -= values[forgotten].utf8.count
            known.remove(values[forgotten])
            forgotten += 1
        }
        values.removeFirst(forgotten)
        let index = compiled ?? SecretIndex(values)
        compiled = index
        let missing = found.filter { !known.contains($0) }
        return missing.isEmpty ? index : SecretIndex(values + missing)
    }
}
