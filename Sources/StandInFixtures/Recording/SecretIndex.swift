/// Secret values compiled into one automaton, so that a text is searched for all of them in time proportional to
/// its length, however many secrets there are and however many share a beginning: the recorder remembers many, and
/// a backend can choose them.
///
/// Where several secrets occur, the leftmost is replaced, the longest one starting there; the search goes on after
/// it. The automaton (Aho–Corasick) holds the secrets reversed: read from the end of a stretch of text towards its
/// start, it says at each place the longest secret that begins there. The text is read in blocks at least as long as
/// the longest secret, each from as far beyond its end as a secret starting in it can reach, so every byte is read
/// at most about twice and at most one block's places are remembered at once.
package struct SecretIndex {
    private let edges: SecretTrie.Edges
    /// The root's edges by byte, the root itself where it has none: most bytes of a text are read here.
    private let rootEdges: [Int32]
    /// Per state: the state of the longest proper suffix of its text that is also a state.
    private let failure: [Int32]
    /// Per state: the length of the longest secret whose reversed bytes its text ends with; 0 for none.
    private let longestSecret: [Int32]
    /// How many places one block covers.
    private let blockLength: Int

    /// Compiles `secrets`; empty ones are left out.
    package init(_ secrets: [String]) {
        var trie = SecretTrie()
        for secret in secrets where !secret.isEmpty { trie.insert(secret.utf8.reversed()) }
        let edges = trie.edges()
        var rootEdges = [Int32](repeating: SecretTrie.root, count: 256)
        var failure = [Int32](repeating: SecretTrie.root, count: trie.count)
        var longest = [Int32](repeating: 0, count: trie.count)
        // Breadth first: a state's failure link and longest secret are known before its children's.
        var queue: [Int32] = []
        edges.forEachEdge(from: SecretTrie.root) { byte, child in
            rootEdges[Int(byte)] = child
            queue.append(child)
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            longest[Int(state)] = trie.endsSecret(state) ? trie.depth(state) : longest[Int(failure[Int(state)])]
            edges.forEachEdge(from: state) { byte, child in
                var fallback = failure[Int(state)]
                while fallback != SecretTrie.root, edges.target(from: fallback, byte: byte) == nil {
                    fallback = failure[Int(fallback)]
                }
                failure[Int(child)] = edges.target(from: fallback, byte: byte) ?? SecretTrie.root
                queue.append(child)
            }
        }
        self.edges = edges
        self.rootEdges = rootEdges
        self.failure = failure
        longestSecret = longest
        blockLength = max(4096, trie.deepest)
    }

    /// Whether there is nothing to search for.
    var isEmpty: Bool { failure.count <= 1 }

    /// `bytes` with every secret replaced by `placeholder`; nil when none occurs.
    func replacing(in bytes: some Collection<UInt8>, with placeholder: [UInt8]) -> [UInt8]? {
        guard !isEmpty else { return nil }
        let source = Array(bytes)
        var result: [UInt8] = []
        var copiedUpTo = 0
        forEachMatch(in: source) { match in
            if result.isEmpty { result.reserveCapacity(source.count) }
            result += source[copiedUpTo..<match.lowerBound]
            result += placeholder
            copiedUpTo = match.upperBound
            return true
        }
        guard copiedUpTo > 0 else { return nil }
        result += source[copiedUpTo...]
        return result
    }

    /// Whether any secret occurs in `bytes`.
    func occurs(in bytes: some Collection<UInt8>) -> Bool {
        guard !isEmpty else { return false }
        var found = false
        forEachMatch(in: Array(bytes)) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the range of each secret in `source`, leftmost first, the longest at its place, none
    /// overlapping, until `body` returns false. Returns the steps the automaton took (edges and failure links
    /// followed): whatever the secrets, at most four per byte of `source` plus two per place of one block.
    @discardableResult
    func forEachMatch(in source: [UInt8], _ body: (Range<Int>) -> Bool) -> Int {
        var steps = 0
        var longestAt = [Int32](repeating: 0, count: min(blockLength, source.count))
        var blockStart = 0
        while blockStart < source.count {
            let blockEnd = min(source.count, blockStart + blockLength)
            // Every secret that starts in the block ends before `readFrom`.
            let readFrom = min(source.count, blockEnd + blockLength - 1)
            var state = SecretTrie.root
            for position in stride(from: readFrom - 1, through: blockStart, by: -1) {
                state = next(state, source[position], steps: &steps)
                if position < blockEnd { longestAt[position - blockStart] = longestSecret[Int(state)] }
            }
            var position = blockStart
            while position < blockEnd {
                let length = Int(longestAt[position - blockStart])
                guard length > 0 else {
                    position += 1
                    continue
                }
                guard body(position..<(position + length)) else { return steps }
                position += length
            }
            blockStart = position
        }
        return steps
    }

    /// The state after reading `byte` in `state`: its edge for `byte`, else the edge of its failure state, and so on.
    private func next(_ state: Int32, _ byte: UInt8, steps: inout Int) -> Int32 {
        var current = state
        while true {
            steps += 1
            if current == SecretTrie.root { return rootEdges[Int(byte)] }
            if let target = edges.target(from: current, byte: byte) { return target }
            current = failure[Int(current)]
        }
    }
}
