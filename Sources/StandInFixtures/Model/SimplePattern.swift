/// A matcher for the regular expressions most OpenAPI `pattern`s and fixtures use, at a small fraction of `Regex`'s
/// cost: an optional `^`, a sequence of one-character atoms (literals, `.`, `\d` `\w` `\s` and their negations, bracket
/// classes), each with at most one greedy quantifier, and an optional `$`. `init` refuses anything else.
///
/// It reads text a byte at a time, so it agrees with `Regex.firstMatch` only where each byte is one character to
/// `Regex`: ASCII without a carriage return (`readsAsBytes`). It runs the pattern's automaton with one bit per
/// position (an atom counts once for each time its quantifier requires it, and once more for each optional time, or
/// once that repeats itself when the quantifier has no bound) and moves the whole set of live positions along with
/// each byte. No backtracking: the work is the text's length times the number of positions, with no allocation.
struct SimplePattern: Sendable {
    /// The most positions a simple pattern may have.
    static let maxPositions = 255

    /// One place in the sequence of atoms.
    private struct Position {
        var bytes: ByteSet
        /// Whether it can match again right after itself (`a+`, `a*`, `a{2,}`).
        var repeats = false
        /// Whether it can be passed over (`a?`, `a*`, the optional times of `a{1,3}`).
        var isOptional = false
    }

    /// Words in a set of positions: bit 0 is the start, bit `i + 1` means position `i` has just matched.
    let wordCount: Int
    /// The positions each of the 256 bytes can match, then the positions that repeat, then the optional ones:
    /// `wordCount` words each.
    let masks: [UInt64]
    let anchoredAtStart: Bool
    let anchoredAtEnd: Bool
    /// The bit set when the whole sequence has matched.
    let finalBit: Int

    /// The matcher for `source`, or nil when `source` is not in the simple subset.
    init?(_ source: String) {
        guard let syntax = Parser.parse(source) else { return nil }
        var positions: [Position] = []
        for atom in syntax.atoms {
            positions += repeatElement(Position(bytes: atom.bytes), count: atom.minimum)
            if let maximum = atom.maximum {
                let optional = Position(bytes: atom.bytes, isOptional: true)
                positions += repeatElement(optional, count: maximum - atom.minimum)
            } else if atom.minimum == 0 {
                positions.append(Position(bytes: atom.bytes, repeats: true, isOptional: true))
            } else {
                positions[positions.count - 1].repeats = true
            }
            guard positions.count <= Self.maxPositions else { return nil }
        }
        let wordCount = positions.count / 64 + 1
        var masks = [UInt64](repeating: 0, count: 258 * wordCount)
        for (index, position) in positions.enumerated() {
            let (word, bit) = ((index + 1) / 64, UInt64(1) << ((index + 1) % 64))
            for byte in 0..<128 where position.bytes.contains(UInt8(byte)) { masks[byte * wordCount + word] |= bit }
            if position.repeats { masks[256 * wordCount + word] |= bit }
            if position.isOptional { masks[257 * wordCount + word] |= bit }
        }
        self.wordCount = wordCount
        self.masks = masks
        anchoredAtStart = syntax.anchoredAtStart
        anchoredAtEnd = syntax.anchoredAtEnd
        finalBit = positions.count
    }

    /// Whether each byte of `text` is one character to `Regex`, as `matches` needs: ASCII with no carriage return
    /// (which `Regex` reads together with a line feed after it as one character). Reads eight bytes at a time.
    static func readsAsBytes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = text.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = ones << 7
        let carriageReturns = ones &* UInt64(UInt8(ascii: "\r"))
        var offset = 0
        while offset + 8 <= text.count {
            let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            // A byte of `word ^ carriageReturns` is zero where `word` has a carriage return; with no high bits set,
            // subtracting one from each byte sets the high bit of exactly those bytes.
            let returns = word ^ carriageReturns
            if (word | (returns &- ones) & ~returns) & highBits != 0 { return false }
            offset += 8
        }
        for byte in text[offset...] where byte >= 0x80 || byte == UInt8(ascii: "\r") { return false }
        return true
    }
}
