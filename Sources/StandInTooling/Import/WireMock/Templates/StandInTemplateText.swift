/// Text for a fixture string that StandIn reads as a template: literal text, escaped so it is served as it is
/// (`{{` as `\{{`, a backslash before an escape or a template doubled), and StandIn templates.
struct StandInTemplateText {
    enum Part: Equatable {
        /// Text served as it is.
        case text(String)
        /// A StandIn template, `{{…}}`.
        case template(String)
    }

    private var parts: [Part] = []

    mutating func append(_ part: Part) {
        if case .text(let more) = part, case .text(let text)? = parts.last {
            parts[parts.count - 1] = .text(text + more)
        } else {
            parts.append(part)
        }
    }

    mutating func append(contentsOf parts: [Part]) {
        for part in parts { append(part) }
    }

    /// The fixture string; nil when text ending in `{` comes right before a template, which StandIn would read as
    /// one `{{` too many.
    var encoded: String? {
        var result = ""
        for (index, part) in parts.enumerated() {
            switch part {
            case .template(let template):
                result += template
            case .text(let text):
                let beforeTemplate = index + 1 < parts.count
                if beforeTemplate, text.hasSuffix("{") { return nil }
                result += Self.escaped(text, beforeTemplate: beforeTemplate)
            }
        }
        return result
    }

    /// `text` with every `{{` escaped, and the backslashes just before it, or before a template that follows,
    /// doubled: StandIn reads a pair as one backslash and an odd one as the escape.
    static func escaped(_ text: String, beforeTemplate: Bool = false) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            result += doublingTrailingBackslashes(rest[..<open.lowerBound]) + "\\{{"
            rest = rest[open.upperBound...]
        }
        return result + (beforeTemplate ? doublingTrailingBackslashes(rest) : String(rest))
    }

    private static func doublingTrailingBackslashes(_ text: Substring) -> String {
        let backslashes = text.reversed().prefix { $0 == "\\" }.count
        return text + String(repeating: "\\", count: backslashes)
    }
}
