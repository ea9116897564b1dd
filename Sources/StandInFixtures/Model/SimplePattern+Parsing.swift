extension SimplePattern {
    /// One atom of a simple pattern and how many times in a row it matches.
    struct Atom {
        var bytes: ByteSet
        var minimum = 1
        /// Nil when it repeats without bound.
        var maximum: Int? = 1
    }

    /// A simple pattern taken apart: its anchors and its atoms in order.
    struct Syntax {
        var anchoredAtStart = false
        var anchoredAtEnd = false
        var atoms: [Atom] = []
    }

    /// Reads a regular expression in the simple subset, or refuses it at the first construct outside it (groups,
    /// alternation, assertions other than a leading `^` and a trailing `$`, lazy or possessive quantifiers, Unicode
    /// classes, non-ASCII characters, and anything `Regex` reads in a way this reader does not mirror exactly).
    struct Parser {
        /// The bytes `Regex` gives a meaning of its own outside a bracket class.
        private static let metacharacters = Set("\\^$.|?*+()[]{}".utf8)
        /// The bytes that begin a quantifier.
        private static let quantifierStarts = Set("?*+{".utf8)
        /// The pattern's UTF-8 bytes.
        let source: [UInt8]
        /// Where reading has got to in `source`.
        var index = 0

        /// The atoms and anchors of `source`, or nil when it is not a simple pattern.
        static func parse(_ source: String) -> Syntax? {
            var parser = Parser(source: Array(source.utf8))
            return parser.syntax()
        }

        private init(source: [UInt8]) {
            self.source = source
        }

        /// The byte at `index`, or nil at the end.
        var next: UInt8? { index < source.count ? source[index] : nil }

        /// `next`, moving past it.
        mutating func take() -> UInt8? {
            defer { index += 1 }
            return next
        }

        /// Moves past `byte` if it comes next; says whether it did.
        mutating func skip(_ byte: Character) -> Bool {
            guard next == byte.asciiValue else { return false }
            index += 1
            return true
        }

        private mutating func syntax() -> Syntax? {
            var syntax = Syntax()
            syntax.anchoredAtStart = skip("^")
            while let byte = next {
                if byte == UInt8(ascii: "$"), index == source.count - 1 {
                    syntax.anchoredAtEnd = true
                    break
                }
                guard var atom = atom() else { return nil }
                guard quantify(&atom) else { return nil }
                syntax.atoms.append(atom)
            }
            return syntax
        }

        /// A literal, `.`, an escape or a bracket class.
        private mutating func atom() -> Atom? {
            guard let byte = take() else { return nil }
            switch byte {
            case UInt8(ascii: "."): return Atom(bytes: .anyButLineBreak)
            case UInt8(ascii: "\\"): return escape().map { Atom(bytes: $0) }
            case UInt8(ascii: "["): return bracketClass().map { Atom(bytes: $0) }
            case 0x20..<0x7F where !Self.metacharacters.contains(byte): return Atom(bytes: ByteSet(byte))
            default: return nil
            }
        }

        /// Reads an optional greedy quantifier into `atom`; false when what follows is not one this reader mirrors.
        private mutating func quantify(_ atom: inout Atom) -> Bool {
            guard let byte = next, Self.quantifierStarts.contains(byte) else { return true }
            index += 1
            switch byte {
            case UInt8(ascii: "?"): (atom.minimum, atom.maximum) = (0, 1)
            case UInt8(ascii: "*"): (atom.minimum, atom.maximum) = (0, nil)
            case UInt8(ascii: "+"): (atom.minimum, atom.maximum) = (1, nil)
            default:
                guard let (minimum, maximum) = counts() else { return false }
                (atom.minimum, atom.maximum) = (minimum, maximum)
            }
            // A quantifier right after another is lazy (`?`), possessive (`+`) or an error.
            return !Self.quantifierStarts.contains(next ?? 0)
        }

        /// The counts of `{n}`, `{n,}` or `{n,m}` after its opening brace, through its closing one.
        private mutating func counts() -> (Int, Int?)? {
            guard let minimum = number() else { return nil }
            var maximum: Int? = minimum
            if skip(",") {
                maximum = next == UInt8(ascii: "}") ? nil : number()
                if let bound = maximum, bound < minimum { return nil }
                if maximum == nil, next != UInt8(ascii: "}") { return nil }
            }
            return skip("}") ? (minimum, maximum) : nil
        }

        /// A decimal count no larger than a simple pattern's positions can hold.
        private mutating func number() -> Int? {
            let start = index
            var value = 0
            while let byte = next, ByteSet.digits.contains(byte) {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard value <= SimplePattern.maxPositions else { return nil }
                index += 1
            }
            return index > start ? value : nil
        }

        /// The class a backslash and `letter` stand for (`\d` `\w` `\s` and their negations), if any.
        static func classEscape(_ letter: UInt8) -> ByteSet? {
            switch letter {
            case UInt8(ascii: "d"): .digits
            case UInt8(ascii: "D"): ByteSet.digits.inverted
            case UInt8(ascii: "w"): .wordCharacters
            case UInt8(ascii: "W"): ByteSet.wordCharacters.inverted
            case UInt8(ascii: "s"): .whitespace
            case UInt8(ascii: "S"): ByteSet.whitespace.inverted
            default: nil
            }
        }

        /// What follows a backslash outside a bracket class: a class or one character.
        private mutating func escape() -> ByteSet? {
            guard let byte = take() else { return nil }
            return Self.classEscape(byte) ?? Self.escapedCharacter(byte).map { ByteSet($0) }
        }

        /// The one character an escape stands for: `\t`, `\n`, or punctuation (including space) as itself.
        static func escapedCharacter(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "n"): 0x0A
            case 0x20..<0x7F where !ByteSet.wordCharacters.contains(byte) || byte == UInt8(ascii: "_"): byte
            default: nil
            }
        }
    }
}
