/// The trie `SecretIndex` compiles its automaton from: one state per distinct prefix of the inserted byte strings,
/// kept in flat arrays (first child, next sibling) so that a million bytes of secrets cost a few arrays, not a
/// million small ones.
struct SecretTrie {
    /// The state of the empty prefix.
    static let root: Int32 = 0

    private var firstChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    private var label: [UInt8] = [0]
    private var depths: [Int32] = [0]
    private var ends: [Bool] = [false]
    /// The length of the longest string inserted.
    private(set) var deepest = 0

    /// How many states there are, the root included.
    var count: Int { label.count }

    /// The length of the prefix `state` stands for.
    func depth(_ state: Int32) -> Int32 { depths[Int(state)] }

    /// Whether an inserted string ends at `state`.
    func endsSecret(_ state: Int32) -> Bool { ends[Int(state)] }

    /// Adds `bytes` (not empty).
    mutating func insert(_ bytes: some Sequence<UInt8>) {
        var state = Self.root
        var length = 0
        for byte in bytes {
            length += 1
            var child = firstChild[Int(state)]
            while child >= 0, label[Int(child)] != byte { child = nextSibling[Int(child)] }
            if child < 0 {
                child = Int32(label.count)
                firstChild.append(-1)
                nextSibling.append(firstChild[Int(state)])
                label.append(byte)
                depths.append(depths[Int(state)] + 1)
                ends.append(false)
                firstChild[Int(state)] = child
            }
            state = child
        }
        ends[Int(state)] = true
        deepest = max(deepest, length)
    }

    /// The edges of every state, each state's sorted by byte, for lookups by binary search.
    func edges() -> Edges {
        var start: [Int32] = []
        var bytes: [UInt8] = []
        var targets: [Int32] = []
        start.reserveCapacity(count + 1)
        bytes.reserveCapacity(count)
        targets.reserveCapacity(count)
        var children: [(byte: UInt8, state: Int32)] = []
        for state in 0..<count {
            start.append(Int32(bytes.count))
            children.removeAll(keepingCapacity: true)
            var child = firstChild[state]
            while child >= 0 {
                children.append((label[Int(child)], child))
                child = nextSibling[Int(child)]
            }
            for edge in children.sorted(by: { $0.byte < $1.byte }) {
                bytes.append(edge.byte)
                targets.append(edge.state)
            }
        }
        start.append(Int32(bytes.count))
        return Edges(start: start, bytes: bytes, targets: targets)
    }

    /// Every state's edges in three flat arrays: state `s`'s are at `start[s]..<start[s + 1]`.
    struct Edges {
        let start: [Int32]
        let bytes: [UInt8]
        let targets: [Int32]

        /// The state the edge for `byte` leads to from `state`, if it has one.
        func target(from state: Int32, byte: UInt8) -> Int32? {
            var low = Int(start[Int(state)])
            var high = Int(start[Int(state) + 1])
            while low < high {
                let middle = (low + high) / 2
                if bytes[middle] < byte { low = middle + 1 } else { high = middle }
            }
            return low < Int(start[Int(state) + 1]) && bytes[low] == byte ? targets[low] : nil
        }

        /// Calls `body` with each edge of `state`, by byte.
        func forEachEdge(from state: Int32, _ body: (UInt8, Int32) -> Void) {
            for index in Int(start[Int(state)])..<Int(start[Int(state) + 1]) { body(bytes[index], targets[index]) }
        }
    }
}
