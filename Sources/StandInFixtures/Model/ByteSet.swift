/// A set of ASCII bytes: the characters one atom of a `SimplePattern` accepts.
///
/// The named sets are what Swift's `Regex` makes of its classes on ASCII text, checked against it by the tests.
struct ByteSet: Sendable {
    /// Bytes 0–63, one bit each.
    private var low: UInt64 = 0
    /// Bytes 64–127, one bit each.
    private var high: UInt64 = 0

    /// `\d`: the ASCII digits.
    static let digits = ByteSet(UInt8(ascii: "0")...UInt8(ascii: "9"))
    /// `\w`: letters, digits and the underscore.
    static let wordCharacters = digits.union(ByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z")))
        .union(ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z"))).union(ByteSet(UInt8(ascii: "_")))
    /// `\s`: tab, line feed, vertical tab, form feed, carriage return and space.
    static let whitespace = ByteSet(0x09...0x0D).union(ByteSet(UInt8(ascii: " ")))
    /// `.`: every ASCII character but the line breaks (line feed, vertical tab, form feed, carriage return).
    static let anyButLineBreak = ByteSet(0x0A...0x0D).inverted

    /// The empty set.
    init() {}

    /// The set of the ASCII bytes in `range`.
    init(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    /// The set of one ASCII byte.
    init(_ byte: UInt8) {
        insert(byte)
    }

    /// Every ASCII byte this set lacks.
    var inverted: ByteSet {
        var set = ByteSet()
        set.low = ~low
        set.high = ~high
        return set
    }

    /// Whether `byte` is in the set; a byte outside ASCII never is.
    func contains(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<64: low & (1 << byte) != 0
        case 64..<128: high & (1 << (byte - 64)) != 0
        default: false
        }
    }

    /// The bytes in either set.
    func union(_ other: ByteSet) -> ByteSet {
        var set = self
        set.low |= other.low
        set.high |= other.high
        return set
    }

    /// Adds `byte` if it is ASCII.
    private mutating func insert(_ byte: UInt8) {
        if byte < 64 {
            low |= 1 << byte
        } else if byte < 128 {
            high |= 1 << (byte - 64)
        }
    }
}
