/// The inside of one Handlebars expression as WireMock's templates write it: a helper or a path, then arguments
/// (`request.body`, `'$.id'`, `3`) and options (`format='unix'`). Subexpressions (`(…)`) are not read.
struct HandlebarsExpression {
    /// An argument or an option's value.
    enum Value: Equatable {
        /// A path into the request model, by segment: `request.path.[1]` is `["request", "path", "1"]`.
        case path([String])
        /// A quoted string, without its quotes.
        case string(String)
        /// A number, as written.
        case number(String)

        /// The text of a string or a number.
        var text: String? {
            switch self {
            case .string(let text), .number(let text): text
            case .path: nil
            }
        }
    }

    /// The first word, as a path (a helper's name is a path of one segment).
    let head: [String]
    let arguments: [Value]
    let options: [String: Value]

    /// Reads `text`, or nil when it is not an expression this reader understands.
    init?(_ text: String) {
        guard let words = Self.words(text), let first = words.first, case .path(let head)? = Self.value(first) else {
            return nil
        }
        var arguments: [Value] = []
        var options: [String: Value] = [:]
        for word in words.dropFirst() {
            if let equals = word.firstIndex(of: "="), word.first != "'", word.first != "\"" {
                let key = String(word[..<equals])
                guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !key.isEmpty, options[key] == nil,
                    let value = Self.value(word[word.index(after: equals)...])
                else { return nil }
                options[key] = value
            } else {
                guard options.isEmpty, let value = Self.value(word[...]) else { return nil }
                arguments.append(value)
            }
        }
        self.head = head
        self.arguments = arguments
        self.options = options
    }

    /// The words of `text`: split at spaces outside quotes and brackets; nil for an unterminated quote or bracket.
    private static func words(_ text: String) -> [Substring]? {
        var words: [Substring] = []
        var start: String.Index?
        var quote: Character?
        var inBrackets = false
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if inBrackets {
                if character == "]" { inBrackets = false }
                continue
            }
            if character == " " || character == "\t" || character == "\n" || character == "\r" {
                if let begun = start { words.append(text[begun..<index]) }
                start = nil
                continue
            }
            if start == nil { start = index }
            if character == "'" || character == "\"" { quote = character }
            if character == "[" { inBrackets = true }
        }
        guard quote == nil, !inBrackets else { return nil }
        if let begun = start { words.append(text[begun...]) }
        return words
    }

    /// One word as a value: `'text'` or `"text"`, a number, or a path; nil for anything else.
    private static func value(_ word: Substring) -> Value? {
        if let first = word.first, first == "'" || first == "\"" {
            guard word.count >= 2, word.last == first else { return nil }
            let inner = word.dropFirst().dropLast()
            return inner.contains(first) ? nil : .string(String(inner))
        }
        if Double(word) != nil, word.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "." }) {
            return .number(String(word))
        }
        return path(word).map(Value.path)
    }

    /// `a.b.[c d].0` or `a/b` as segments; nil when a segment is empty or holds what a path cannot (`(`, `=`, `@`).
    private static func path(_ word: Substring) -> [String]? {
        var segments: [String] = []
        var current = ""
        var inBrackets = false
        var bracketed = false
        for character in word {
            if inBrackets {
                if character == "]" {
                    inBrackets = false
                } else {
                    current.append(character)
                }
            } else if character == "[" {
                guard current.isEmpty else { return nil }
                inBrackets = true
                bracketed = true
            } else if character == "." || character == "/" {
                guard !current.isEmpty || bracketed else { return nil }
                segments.append(current)
                current = ""
                bracketed = false
            } else if "()=@'\"{}".contains(character) {
                return nil
            } else {
                guard !bracketed else { return nil }
                current.append(character)
            }
        }
        guard !current.isEmpty || bracketed else { return nil }
        segments.append(current)
        return segments
    }
}
