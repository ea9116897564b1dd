/// Rewrites a stub's response templates (header values, the body, the strings of a JSON body) as StandIn templates:
/// each expression StandIn has an equal for becomes StandIn's (`WireMockHelpers`); every other one stays as text,
/// escaped so StandIn serves it as written, and is reported with the reason.
///
/// The stub's expressions are read whether or not it names the `response-template` transformer, as WireMock's
/// standalone server reads them with `--global-response-templating`, the way mapping folders are served.
struct WireMockTemplates {
    /// A template rewritten.
    struct Result {
        /// The fixture string.
        let text: String
        /// Each expression kept as text (as written) and why, once per expression.
        let leftAsWritten: [(expression: String, reason: String)]
    }

    /// The stub's path, which records the segments templates read from a regex path.
    var path: WireMockPath
    /// The stub's method, nil when it answers any.
    let method: String?

    /// `source` as a StandIn template.
    mutating func translate(_ source: String) -> Result {
        guard source.contains("{{") else { return Result(text: source, leftAsWritten: []) }
        var text = StandInTemplateText()
        var left: [(expression: String, reason: String)] = []
        func keep(_ expression: String, _ reason: String) {
            text.append(.text(expression))
            if !left.contains(where: { $0.expression == expression }) { left.append((expression, reason)) }
        }
        for piece in HandlebarsText(source).pieces {
            switch piece {
            case .text(let literal):
                text.append(.text(literal))
            case .expression(let written, let expression):
                guard let parsed = HandlebarsExpression(expression) else {
                    keep(written, WireMockHelpers.unreadable(expression))
                    continue
                }
                switch WireMockHelpers.translate(parsed, path: &path, method: method) {
                case .parts(let parts): text.append(contentsOf: parts)
                case .unsupported(let reason): keep(written, reason)
                }
            case .construct(let written, let helper):
                keep(written, "StandIn has no block helpers or partials (\(helper))")
            }
        }
        guard let encoded = text.encoded else {
            return Result(
                text: StandInTemplateText.escaped(source),
                leftAsWritten: [(source, "a \"{\" right before an expression cannot be written in a StandIn template")]
            )
        }
        return Result(text: encoded, leftAsWritten: left)
    }

    /// Hands `warn` the reason for each expression `result` kept as text.
    static func report(_ result: Result, _ warn: (String) -> Void) {
        for (expression, reason) in result.leftAsWritten {
            warn("\(String(expression.prefix(200))) is served as written: \(reason).")
        }
    }
}
