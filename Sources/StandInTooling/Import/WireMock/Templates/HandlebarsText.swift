import StandInFixtures

/// A WireMock response template read as Handlebars reads it: text, and the `{{…}}` expressions in it.
///
/// Handlebars' escapes are applied to the text (`\{{` is the text `{{`; `\\{{x}}` a backslash, then the expression),
/// so each `.text` piece is what WireMock serves. A block (`{{#if …}}…{{/if}}`) is one piece with all it holds, and
/// so is anything else that is not a plain expression: a partial, an `{{else}}` or a closing tag on its own.
struct HandlebarsText {
    enum Piece: Equatable {
        /// Text, served as it is.
        case text(String)
        /// An expression: `{{x}}`, `{{{x}}}` or `{{&x}}` as `source`, and `x`.
        case expression(source: String, expression: String)
        /// A block or another construct StandIn has no equal for, as written; `helper` names it (`#each`, `>`).
        case construct(source: String, helper: String)
    }

    /// The pieces, in order. A comment (`{{! … }}`, `{{!-- … --}}`) renders nothing and leaves no piece.
    private(set) var pieces: [Piece] = []

    /// Whether the text holds anything that is not plain text.
    var hasExpressions: Bool {
        pieces.contains { if case .text = $0 { false } else { true } }
    }

    /// Reads `source`. An expression that is never closed is text, as it is to WireMock.
    init(_ source: String) {
        var text = ""
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            if before.hasSuffix("\\\\") {
                text += before.dropLast()
            } else if before.hasSuffix("\\") {
                text += before.dropLast() + "{{"
                rest = rest[open.upperBound...]
                continue
            } else {
                text += before
            }
            guard let tag = Tag(at: open.lowerBound, in: rest) else {
                text += rest[open.lowerBound...]
                rest = rest[rest.endIndex...]
                break
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            var end = tag.end
            switch tag.kind {
            case .comment:
                break
            case .expression(let expression):
                pieces.append(.expression(source: String(rest[open.lowerBound..<end]), expression: expression))
            case .opening(let helper):
                end = Self.endOfBlock(after: tag.end, in: rest)
                pieces.append(.construct(source: String(rest[open.lowerBound..<end]), helper: helper))
            case .other(let helper):
                pieces.append(.construct(source: String(rest[open.lowerBound..<end]), helper: helper))
            }
            rest = rest[end...]
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
    }

    /// Where the block opened before `start` ends: after the closing tag that brings the nesting back to zero, or at
    /// the end of the text when there is none.
    private static func endOfBlock(after start: Substring.Index, in text: Substring) -> Substring.Index {
        var depth = 1
        var position = start
        while let open = text[position...].range(of: "{{") {
            guard let tag = Tag(at: open.lowerBound, in: text) else { break }
            position = tag.end
            switch tag.kind {
            case .opening: depth += 1
            case .other(let helper) where helper.hasPrefix("/"):
                depth -= 1
                if depth == 0 { return position }
            default: break
            }
        }
        return text.endIndex
    }

    /// One `{{…}}` tag: what kind it is and where it ends.
    private struct Tag {
        enum Kind {
            case comment
            case expression(String)
            /// `{{#helper …}}` or `{{^…}}`, which a closing tag ends.
            case opening(String)
            /// Anything else: `{{/helper}}`, `{{else}}`, `{{> partial}}`, `{{~x}}`.
            case other(String)
        }

        let kind: Kind
        let end: Substring.Index

        /// The tag whose `{{` is at `start`, or nil when it is never closed.
        init?(at start: Substring.Index, in text: Substring) {
            let inner = text.index(start, offsetBy: 2)
            if text[inner...].hasPrefix("!--") {
                guard let close = text[inner...].range(of: "--}}") else { return nil }
                (kind, end) = (.comment, close.upperBound)
                return
            }
            if text[inner...].hasPrefix("!") {
                guard let close = text[inner...].range(of: "}}") else { return nil }
                (kind, end) = (.comment, close.upperBound)
                return
            }
            let triple = text[inner...].hasPrefix("{")
            let body = triple ? text.index(after: inner) : inner
            guard let close = Self.close(from: body, in: text, with: triple ? "}}}" : "}}") else { return nil }
            end = close.upperBound
            let content = text[body..<close.lowerBound].trimmingASCIIWhitespace
            let word = String(content.prefix { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" })
            switch content.first {
            case "#", "^": kind = .opening(word)
            case "&" where !triple: kind = .expression(String(content.dropFirst()))
            case "/", ">", "~", "*": kind = .other(word)
            case nil: kind = .other("{{}}")
            default: kind = word == "else" ? .other(word) : .expression(String(content))
            }
        }

        /// The first `marker` from `start` that is not inside quotes.
        private static func close(
            from start: Substring.Index,
            in text: Substring,
            with marker: String
        )
            -> Range<Substring.Index>?
        {
            var quote: Character?
            var position = start
            while position < text.endIndex {
                let character = text[position]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "'" || character == "\"" {
                    quote = character
                } else if text[position...].hasPrefix(marker) {
                    return position..<text.index(position, offsetBy: marker.count)
                }
                position = text.index(after: position)
            }
            return nil
        }
    }
}
