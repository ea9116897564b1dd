@testable import StandInFixtures

/// A repeatable supply of ASCII texts (no carriage return) for comparing `SimplePattern` with `Regex`: texts built
/// like what the pattern matches (each atom about as many times as its quantifier allows, now and then a wrong byte,
/// some junk around), texts of the pattern's own bytes and random ASCII in any order, and very short texts.
struct PatternTexts: Sequence, IteratorProtocol {
    /// Every ASCII byte but the carriage return.
    private static let ascii = (0..<128).map(UInt8.init).filter { $0 != UInt8(ascii: "\r") }
    private var random: SeededGenerator
    /// The bytes each atom accepts, with how often it repeats.
    private let atoms: [(members: [UInt8], minimum: Int, maximum: Int?)]
    private var remaining: Int

    /// `count` texts for `pattern`, the same ones for the same `seed`.
    init(for pattern: String, count: Int, seed: UInt64) {
        random = SeededGenerator(seed: seed)
        remaining = count
        let parsed = SimplePattern.Parser.parse(pattern)?.atoms ?? []
        atoms = parsed.map { atom in
            (Self.ascii.filter(atom.bytes.contains), atom.minimum, atom.maximum)
        }
    }

    mutating func next() -> String? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let bytes: [UInt8]
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<10: bytes = shaped()
        case 10..<17: bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in anyByte() }
        default: bytes = (0..<Int.random(in: 0...2, using: &random)).map { _ in anyByte() }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text shaped like a match: half the time a match of the atoms, the rest with each atom repeated from one less
    /// than its minimum to one more than its maximum and now and then a wrong byte.
    private mutating func shaped() -> [UInt8] {
        let faithful = Bool.random(using: &random)
        var bytes = junk()
        for atom in atoms where !atom.members.isEmpty {
            let most = atom.maximum ?? atom.minimum + 3
            let counts = faithful ? atom.minimum...most : Swift.max(0, atom.minimum - 1)...most + 1
            for _ in 0..<Int.random(in: counts, using: &random) {
                let wrong = !faithful && Int.random(in: 0..<12, using: &random) == 0
                bytes.append((wrong ? Self.ascii : atom.members).randomElement(using: &random)!)
            }
        }
        return bytes + junk()
    }

    /// Usually nothing; sometimes a byte or two, or a line feed.
    private mutating func junk() -> [UInt8] {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: [UInt8(ascii: "\n")]
        case 1: (0..<Int.random(in: 1...2, using: &random)).map { _ in anyByte() }
        default: []
        }
    }

    /// A byte one of the atoms accepts, or any ASCII byte.
    private mutating func anyByte() -> UInt8 {
        if let atom = atoms.randomElement(using: &random), !atom.members.isEmpty, Bool.random(using: &random) {
            return atom.members.randomElement(using: &random)!
        }
        return Self.ascii.randomElement(using: &random)!
    }
}
