extension SimplePattern.Parser {
    /// The bytes of a bracket class after its `[`, through its `]`: single characters, ranges, `\d` `\w` `\s` and
    /// their negations, negated as a whole by a leading `^`.
    ///
    /// Refuses what `Regex` reads otherwise or rejects: nested classes and POSIX classes (`[`), the set operators
    /// `&&`, `--` and `~~`, an empty class, and a `-` that is neither first, last nor between two characters.
    mutating func bracketClass() -> ByteSet? {
        let negated = skip("^")
        var set = ByteSet()
        var isFirst = true
        while let byte = take() {
            switch byte {
            case UInt8(ascii: "]") where !isFirst:
                return negated ? set.inverted : set
            case UInt8(ascii: "-") where isFirst || next == UInt8(ascii: "]"):
                set = set.union(ByteSet(byte))
            case UInt8(ascii: "\\"):
                guard let letter = take() else { return nil }
                if let escaped = Self.classEscape(letter) {
                    guard !startsRange else { return nil }
                    set = set.union(escaped)
                } else {
                    guard let character = Self.escapedCharacter(letter), let members = range(from: character) else {
                        return nil
                    }
                    set = set.union(members)
                }
            case _ where (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "~")) && next == byte:
                return nil
            case _ where Self.plainClassMember(byte):
                guard let members = range(from: byte) else { return nil }
                set = set.union(members)
            default:
                return nil
            }
            isFirst = false
        }
        return nil
    }

    /// Whether `byte` stands for itself in a bracket class wherever it is: printable ASCII but `[`, `]`, `-` and `\\`.
    private static func plainClassMember(_ byte: UInt8) -> Bool {
        (0x20..<0x7F).contains(byte) && !"[]-\\".utf8.contains(byte)
    }

    /// Whether a `-` follows that is not the class's last character.
    private var startsRange: Bool {
        next == UInt8(ascii: "-") && index + 1 < source.count && source[index + 1] != UInt8(ascii: "]")
    }

    /// `low` alone, or the range from `low` to the character after a `-`; nil for a range `Regex` reads otherwise.
    private mutating func range(from low: UInt8) -> ByteSet? {
        guard startsRange else { return ByteSet(low) }
        index += 1
        var high = take()
        if high == UInt8(ascii: "\\") {
            high = take().flatMap(Self.escapedCharacter)
        } else if let byte = high, !Self.plainClassMember(byte) {
            return nil
        }
        // A range right after a range (`[a-c-e]`) reads differently in `Regex`.
        guard let high, high >= low, !startsRange else { return nil }
        return ByteSet(low...high)
    }
}
