/// A conservative look at a regular expression for the shapes that make a backtracking engine take exponential time
/// on a near miss (ReDoS): a part that repeats inside a part that repeats (`(a+)+`, `(a*)*`, `(\w+\s?)*`), and
/// alternatives that can start with the same character inside a repetition (`(a|a)*`, `(a|ab)+`, `(\d|[0-9])*`).
///
/// It may refuse a pattern that happens to be safe (`(\w+/)*`); what it lets through has no such shape. What such
/// patterns can still cost (`.*x.*x.*` splits text polynomially) is bounded by the input length `TextPattern` allows,
/// which follows from `backtrackingDegree`.
enum RegexShape {
    /// Why `source` may backtrack catastrophically, or nil when it has neither shape.
    static func catastrophicReason(_ source: String) -> String? {
        var parser = Parser(characters: Array(source))
        return parser.parseAlternatives().catastrophicReason(insideRepetition: false)
    }

    /// The power of the input's length that bounds the work of a failing search, at worst: one for each part that
    /// repeats without bound (`.*`, `\d+`, `[^/]*`), as the engine may try every way of splitting the text among them, and one more when the pattern is not anchored with `^` (the search
    /// starts at every position). Zero when nothing repeats without bound: the work is linear.
    static func backtrackingDegree(_ source: String) -> Int {
        var parser = Parser(characters: Array(source))
        let repeats = parser.parseAlternatives().unboundedRepeats
        guard repeats > 0 else { return 0 }
        return repeats + (source.hasPrefix("^") || source.hasPrefix("\\A") ? 0 : 1)
    }

    /// One alternative of a group: its items in order.
    fileprivate typealias Branch = [Item]

    /// An atom and how often it may repeat.
    fileprivate struct Item {
        var atom: Atom
        var minimum = 1
        var maximum: Int? = 1

        /// Repeats a varying number of times (`*`, `+`, `?`, `{1,3}`).
        var varies: Bool { maximum != minimum }
        /// May repeat more than once.
        var repeats: Bool { maximum.map { $0 > 1 } ?? true }
    }

    fileprivate indirect enum Atom {
        /// One literal character.
        case character(Character)
        /// Anything else that consumes input: a class, `.`, an escape like `\d`, a back-reference.
        case other
        /// A group of alternatives.
        case group([Branch])

        /// The one character every match starts with, if known.
        var firstCharacter: Character? {
            switch self {
            case .character(let character): character
            case .other: nil
            case .group(let branches):
                branches.count == 1 ? branches[0].first?.atom.firstCharacter : nil
            }
        }
    }

    private struct Parser {
        let characters: [Character]
        var position = 0

        var atEnd: Bool { position >= characters.count }

        /// Alternatives up to the end or an unmatched `)`.
        mutating func parseAlternatives() -> Atom {
            var branches: [Branch] = [[]]
            while !atEnd, characters[position] != ")" {
                let character = characters[position]
                position += 1
                switch character {
                case "|": branches.append([])
                case "^", "$": continue
                case "(":
                    let group = parseGroup()
                    position += atEnd ? 0 : 1
                    branches[branches.count - 1].append(quantified(group))
                case "[":
                    skipClass()
                    branches[branches.count - 1].append(quantified(.other))
                case "\\":
                    branches[branches.count - 1].append(quantified(parseEscape()))
                case ".":
                    branches[branches.count - 1].append(quantified(.other))
                default:
                    branches[branches.count - 1].append(quantified(.character(character)))
                }
            }
            return .group(branches)
        }

        /// A group's contents, after its `(?…` prefix; leaves the position on the closing `)`.
        private mutating func parseGroup() -> Atom {
            if peek("?") {
                position += 1
                if peek("<=") || peek("<!") {
                    position += 2
                } else if peek("<") || peek("P<") || peek("'") {
                    // A named group: past the name's closing `>` or `'`.
                    let close: Character = peek("'") ? "'" : ">"
                    position += 1
                    while !atEnd, characters[position] != close { position += 1 }
                    position += 1
                } else if peek(":") || peek("=") || peek("!") || peek(">") || peek("|") {
                    position += 1
                } else {
                    // Flags: `(?i)` changes the rest and holds nothing; `(?i:…)` is a group.
                    while !atEnd, characters[position] != ":", characters[position] != ")" { position += 1 }
                    if peek(")") { return .group([[]]) }
                    position += 1
                }
            }
            return parseAlternatives()
        }

        /// `\d`, `\p{L}`, `\k<name>`, `\1`: not a literal; `\.`: the literal character.
        private mutating func parseEscape() -> Atom {
            guard !atEnd else { return .other }
            let escaped = characters[position]
            position += 1
            if escaped.isLetter || escaped.isNumber {
                if peek("{") {
                    while !atEnd, characters[position] != "}" { position += 1 }
                    position += 1
                } else if escaped == "k", peek("<") {
                    while !atEnd, characters[position] != ">" { position += 1 }
                    position += 1
                }
                return .other
            }
            return .character(escaped)
        }

        /// Moves past a character class, nested classes included.
        private mutating func skipClass() {
            var depth = 1
            if peek("^") { position += 1 }
            if peek("]") { position += 1 }
            while !atEnd, depth > 0 {
                switch characters[position] {
                case "\\": position += 1
                case "[": depth += 1
                case "]": depth -= 1
                default: break
                }
                position += 1
            }
        }

        /// The atom with the quantifier that follows it, if any (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each lazy or
        /// possessive too).
        private mutating func quantified(_ atom: Atom) -> Item {
            var item = Item(atom: atom)
            guard !atEnd else { return item }
            switch characters[position] {
            case "*": (item.minimum, item.maximum) = (0, nil)
            case "+": (item.minimum, item.maximum) = (1, nil)
            case "?": (item.minimum, item.maximum) = (0, 1)
            case "{":
                guard let bounds = braceBounds() else { return item }
                (item.minimum, item.maximum) = bounds
            default: return item
            }
            position += 1
            if peek("?") || peek("+") { position += 1 }
            return item
        }

        /// `{n}`, `{n,}` or `{n,m}` at the position; leaves the position on `}`. Nil when the brace is a literal.
        private mutating func braceBounds() -> (Int, Int?)? {
            guard let close = characters[position...].firstIndex(of: "}") else { return nil }
            let parts = String(characters[(position + 1)..<close]).split(
                separator: ",",
                omittingEmptySubsequences: false
            )
            guard (1...2).contains(parts.count), let minimum = Int(parts[0]) else { return nil }
            let maximum: Int?
            if parts.count == 1 {
                maximum = minimum
            } else if parts[1].isEmpty {
                maximum = nil
            } else {
                guard let upper = Int(parts[1]) else { return nil }
                maximum = upper
            }
            position = close
            return (minimum, maximum)
        }

        private func peek(_ text: String) -> Bool {
            let wanted = Array(text)
            return position + wanted.count <= characters.count
                && Array(characters[position..<(position + wanted.count)]) == wanted
        }
    }
}

extension RegexShape.Atom {
    /// How many parts repeat without bound.
    fileprivate var unboundedRepeats: Int {
        guard case .group(let branches) = self else { return 0 }
        return branches.joined().reduce(0) { count, item in
            let unbounded = item.maximum == nil ? 1 : 0
            return count + unbounded + item.atom.unboundedRepeats
        }
    }

    fileprivate func catastrophicReason(insideRepetition: Bool) -> String? {
        guard case .group(let branches) = self else { return nil }
        if insideRepetition, branches.count > 1 {
            let firsts = branches.map { $0.first?.atom.firstCharacter }
            if firsts.contains(nil) || Set(firsts.compactMap { $0 }).count < firsts.count {
                return "it repeats alternatives that can start alike (like (a|ab)*)"
            }
        }
        for item in branches.joined() {
            if insideRepetition, item.varies {
                return "it repeats a part that itself repeats (like (a+)+)"
            }
            if let reason = item.atom.catastrophicReason(insideRepetition: insideRepetition || item.repeats) {
                return reason
            }
        }
        return nil
    }
}
