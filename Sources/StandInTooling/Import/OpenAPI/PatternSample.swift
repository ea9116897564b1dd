/// Writes a short string that a simple regular expression matches: literals, `.`, classes (`[a-z0-9_]`, `[^,]`),
/// `\d \w \s` and their negations, groups with alternatives (the first is taken), anchors and the quantifiers
/// `? * + {n} {n,} {n,m}`. Lookarounds, back-references and Unicode properties are not written; nor is anything
/// the result is not checked to match. No part of the sample grows past `longest` characters, whatever counts the
/// pattern gives.
struct PatternSample {
    private struct Unsupported: Error {}

    private let characters: [Character]
    private var index = 0
    /// Repeats added to every quantifier that allows more, to reach a `minLength`.
    private let extra: Int
    /// The most characters any part of the sample may have.
    private let longest: Int

    private init(_ pattern: String, extra: Int, longest: Int) {
        characters = Array(pattern)
        self.extra = extra
        self.longest = longest
    }

    /// A string that `pattern` matches (searched, as JSON Schema's `pattern` is) within the length bounds, or nil
    /// when the pattern is not simple enough or no string of at most `longest` characters meets the bounds.
    static func string(matching pattern: String, minLength: Int?, maxLength: Int?, longest: Int) -> String? {
        guard let regex = try? Regex(pattern) else { return nil }
        for extra in [0, min(max(minLength ?? 0, 1), longest)] {
            var sample = PatternSample(pattern, extra: extra, longest: longest)
            guard let text = try? sample.alternatives(), sample.index == sample.characters.count else { return nil }
            let length = text.unicodeScalars.count
            if length >= minLength ?? 0, length <= maxLength ?? .max, text.contains(regex) { return text }
        }
        return nil
    }

    /// Alternatives separated by `|`, up to the end or a closing `)`; the first one is written.
    private mutating func alternatives() throws -> String {
        var chosen: String?
        while true {
            let written = try sequence()
            chosen = chosen ?? written
            guard peek == "|" else { return chosen ?? "" }
            index += 1
        }
    }

    /// Atoms with their quantifiers, up to `|`, `)` or the end.
    private mutating func sequence() throws -> String {
        var text = ""
        var length = 0
        while let next = peek, next != "|", next != ")" {
            let atom = try self.atom()
            let count = try repeats()
            let (added, overflow) = atom.count.multipliedReportingOverflow(by: count)
            guard !overflow, added <= longest - length else { throw Unsupported() }
            text += String(repeating: atom, count: count)
            length += added
        }
        return text
    }

    private mutating func atom() throws -> String {
        let next = take()
        switch next {
        case "^", "$": return ""
        case ".": return "a"
        case "[": return try characterClass()
        case "\\": return try escape(inClass: false)
        case "(":
            if peek == "?" { try skipGroupPrefix() }
            let inner = try alternatives()
            guard take() == ")" else { throw Unsupported() }
            return inner
        case "*", "+", "?", "{", ")", "|", nil: throw Unsupported()
        case let literal?: return String(literal)
        }
    }

    /// Skips what follows `(?`: `:`, or a group's name (`<name>`, `P<name>`); lookarounds are not written.
    private mutating func skipGroupPrefix() throws {
        index += 1
        switch take() {
        case ":": return
        case "P": guard take() == "<" else { throw Unsupported() }
        case "<": guard peek != "=", peek != "!" else { throw Unsupported() }
        default: throw Unsupported()
        }
        while let next = peek, next != ">" { index += 1 }
        guard take() == ">" else { throw Unsupported() }
    }

    /// How many times the atom before is written: the quantifier's least, plus `extra` where it allows more.
    private mutating func repeats() throws -> Int {
        let bounds: (least: Int, most: Int?)
        switch peek {
        case "?": bounds = (0, 1)
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "{":
            guard let close = characters[index...].firstIndex(of: "}") else { return 1 }
            let parts = String(characters[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
            guard let least = Int(parts[0]), parts.count <= 2 else { return 1 }
            let most = parts.count == 1 ? least : (parts[1].isEmpty ? nil : Int(parts[1]))
            index = close
            bounds = (least, most)
        default: return 1
        }
        index += 1
        if peek == "?" || peek == "+" { index += 1 }
        let (wanted, overflow) = bounds.least.addingReportingOverflow(extra)
        return min(overflow ? .max : wanted, bounds.most ?? .max)
    }

    /// `[...]`: the first character the class allows (a character outside it, for `[^...]`).
    private mutating func characterClass() throws -> String {
        let negated = peek == "^"
        if negated { index += 1 }
        var members: [ClosedRange<Character>] = []
        var first = true
        while let next = peek, next != "]" || first {
            first = false
            index += 1
            var low = next
            if next == "\\" {
                let escaped = try escape(inClass: true)
                guard escaped.count == 1 else { throw Unsupported() }
                low = escaped.first!
            }
            if peek == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                index += 1
                var high = take() ?? low
                if high == "\\" { high = try escape(inClass: true).first ?? low }
                guard low <= high else { throw Unsupported() }
                members.append(low...high)
            } else {
                members.append(low...low)
            }
        }
        guard take() == "]" else { throw Unsupported() }
        if !negated { return members.first.map { String($0.lowerBound) } ?? "" }
        let outside = ["a", "0", "x", "Z", "_", "-", " "].first { candidate in
            !members.contains { $0.contains(Character(candidate)) }
        }
        guard let outside else { throw Unsupported() }
        return outside
    }

    /// The text an escape stands for: `\d` a digit, `\w` a letter, a literal for an escaped punctuation mark.
    private mutating func escape(inClass: Bool) throws -> String {
        guard let escaped = take() else { throw Unsupported() }
        switch escaped {
        case "d": return "1"
        case "w", "D", "S": return "a"
        case "s": return " "
        case "W": return "-"
        case "b", "B": return inClass ? "\u{8}" : ""
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "p", "P", "k", "1"..."9", "u", "x", "c": throw Unsupported()
        default:
            guard !escaped.isLetter else { throw Unsupported() }
            return String(escaped)
        }
    }

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    private mutating func take() -> Character? {
        defer { index += 1 }
        return peek
    }
}
