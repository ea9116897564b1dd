/// Turns fixture values into byte templates at load: JSON is written compact once, and `{{…}}` expressions inside
/// string values become placeholders.
struct TemplateCompiler {
    /// The path parameters a `{{path.NAME}}` may name; nil when they cannot be known (regex paths).
    let pathParameters: Set<String>?
    /// Whether `{{message.…}}` may be used: only in the replies of a WebSocket conversation, where a message came.
    var allowsMessage = false

    /// Compiles a JSON value; placeholders inside its strings are JSON-escaped when rendered.
    func compileJSON(_ node: JSONNode) throws(FixtureError) -> [ByteTemplate.Part] {
        var parts: [ByteTemplate.Part] = []
        try appendJSON(node, to: &parts)
        return parts
    }

    /// Compiles a value that is sent as text: a JSON string as its text, any other value as compact JSON.
    func compileTextOrJSON(_ node: JSONNode) throws(FixtureError) -> ByteTemplate {
        if let text = node.stringValue {
            return ByteTemplate(try compileText(text, jsonEscaped: false, line: node.line))
        }
        return ByteTemplate(try compileJSON(node))
    }

    /// Compiles text; placeholders are inserted as they are, or JSON-escaped when the text sits in a JSON string.
    ///
    /// Backslashes just before a `{{` escape it: each pair stands for one backslash, and an odd one left over makes
    /// the `{{` literal text (`\{{x}}` is the text `{{x}}`, `\\{{path.id}}` a backslash and the template).
    func compileText(_ text: String, jsonEscaped: Bool, line: Int?) throws(FixtureError) -> [ByteTemplate.Part] {
        var parts: [ByteTemplate.Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            var before = rest[..<open.lowerBound]
            var backslashes = 0
            while before.last == "\\" {
                before = before.dropLast()
                backslashes += 1
            }
            literal += before + String(repeating: "\\", count: backslashes / 2)
            if backslashes % 2 == 1 {
                literal += "{{"
                rest = rest[open.upperBound...]
                continue
            }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw FixtureError("unterminated {{ in \(text.quoted)", line: line)
            }
            parts.append(.literal(literalBytes(Substring(literal), jsonEscaped: jsonEscaped)))
            literal = ""
            let placeholder = try self.placeholder(rest[open.upperBound..<close.lowerBound], line: line)
            parts.append(.placeholder(placeholder, jsonEscaped: jsonEscaped))
            rest = rest[close.upperBound...]
        }
        parts.append(.literal(literalBytes(Substring(literal + rest), jsonEscaped: jsonEscaped)))
        return parts
    }

    /// Parses an expression and checks that the path parameters it names exist.
    private func placeholder(_ expression: Substring, line: Int?) throws(FixtureError) -> Placeholder {
        let placeholder: Placeholder
        do {
            placeholder = try Placeholder(parsing: expression)
        } catch {
            throw FixtureError(error.reason, line: line)
        }
        if placeholder.readsMessage, !allowsMessage {
            throw FixtureError(
                "{{\(expression.trimmingASCIIWhitespace)}} reads the client's message, which only a websocket "
                    + "reply (\"on\" or \"otherwise\") has",
                line: line
            )
        }
        var named = placeholder
        if case .json(let inner) = placeholder { named = inner }
        if case .pathParameter(let name) = named, let known = pathParameters, !known.contains(name) {
            let names = known.isEmpty ? "the path has none" : "the path has " + known.sorted().joined(separator: ", ")
            throw FixtureError("{{path.\(name)}} names no path parameter; \(names)", line: line)
        }
        return placeholder
    }

    /// The `json` placeholder a string value is made of alone (`"{{json body.amount}}"`), which stands for a value
    /// rather than for text inside a string.
    private func wholeJSONPlaceholder(_ string: String, line: Int?) throws(FixtureError) -> Placeholder? {
        guard string.hasPrefix("{{json "), string.hasSuffix("}}") else { return nil }
        let expression = string.dropFirst(2).dropLast(2)
        guard !expression.contains("{{"), !expression.contains("}}") else { return nil }
        return try placeholder(expression, line: line)
    }

    private func appendJSON(_ node: JSONNode, to parts: inout [ByteTemplate.Part]) throws(FixtureError) {
        switch node.value {
        case .string(let string) where Self.mayHoldPlaceholder(string):
            if let whole = try wholeJSONPlaceholder(string, line: node.line) {
                parts.append(.placeholder(whole, jsonEscaped: false))
                return
            }
            guard string.contains("{{") else { return parts.append(.literal(node.compactBytes)) }
            parts.append(.literal([UInt8(ascii: "\"")]))
            parts += try compileText(string, jsonEscaped: true, line: node.line)
            parts.append(.literal([UInt8(ascii: "\"")]))
        case .array(let elements):
            parts.append(.literal([UInt8(ascii: "[")]))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { parts.append(.literal([UInt8(ascii: ",")])) }
                try appendJSON(element, to: &parts)
            }
            parts.append(.literal([UInt8(ascii: "]")]))
        case .object(let members):
            parts.append(.literal([UInt8(ascii: "{")]))
            for (offset, member) in members.enumerated() {
                var key: [UInt8] = offset > 0 ? [UInt8(ascii: ",")] : []
                key.append(UInt8(ascii: "\""))
                JSONWriter.appendEscaped(member.key, into: &key)
                key += [UInt8(ascii: "\""), UInt8(ascii: ":")]
                parts.append(.literal(key))
                try appendJSON(member.value, to: &parts)
            }
            parts.append(.literal([UInt8(ascii: "}")]))
        default:
            parts.append(.literal(node.compactBytes))
        }
    }

    private func literalBytes(_ text: Substring, jsonEscaped: Bool) -> [UInt8] {
        guard jsonEscaped else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        JSONWriter.appendEscaped(text, into: &bytes)
        return bytes
    }

    /// A byte scan for `{`, before Foundation's slower substring search: most strings of a fixture have no brace.
    private static func mayHoldPlaceholder(_ string: String) -> Bool {
        string.utf8.contains(UInt8(ascii: "{"))
    }
}
