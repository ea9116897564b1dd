/// Finds what a misspelt word was meant to be, for "did you mean" in messages.
public enum Spelling {
    /// The candidate nearest to `word` when it is close enough to be a typo of it (ignoring case: one edit for
    /// short words, two from five letters on; swapping two neighbours is one edit); nil otherwise, and for an exact
    /// match.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().utf8)
        guard typed.count <= 64 else { return nil }
        let limit = typed.count >= 5 ? 2 : 1
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased().utf8))
            guard candidate != word, distance <= limit else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func editDistance(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous2 = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[rhs.count]
    }
}
