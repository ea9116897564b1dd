/// Splits a helper's arguments (`1 6`, `"in stock" sold-out`) into words: spaces separate them, double quotes keep
/// spaces inside one, and `\"` is a quote inside quotes.
enum TemplateArguments {
    static func split(_ text: Substring) throws(FixtureError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        var escaping = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
            } else if quoted {
                switch character {
                case "\\": escaping = true
                case "\"": quoted = false
                default: current.append(character)
                }
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "\"" {
                quoted = true
                inWord = true
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard !quoted else { throw FixtureError("unterminated quote in \(String(text).quoted)") }
        if inWord { words.append(current) }
        return words
    }
}
