import StandInFixtures

/// WireMock's template expressions that StandIn has an equal for, each as StandIn's template or as the text it always
/// renders: the request's path, segments, query, headers, method and body, `jsonPath` of the body, `now`, and random
/// values. Everything else is unsupported, with the reason.
enum WireMockHelpers {
    /// What an expression becomes.
    enum Outcome: Equatable {
        /// Text and StandIn templates, in order.
        case parts([StandInTemplateText.Part])
        /// No equal in StandIn, and why.
        case unsupported(String)

        static func text(_ text: String) -> Outcome { .parts([.text(text)]) }
        static func template(_ template: String) -> Outcome { .parts([.template(template)]) }
    }

    /// The outcome for `expression` in a stub whose path is `path` and whose method is `method` (nil for any).
    static func translate(_ expression: HandlebarsExpression, path: inout WireMockPath, method: String?) -> Outcome {
        let head = expression.head
        if head.first == "request" {
            guard expression.arguments.isEmpty, expression.options.isEmpty else {
                return .unsupported("the request model takes no arguments")
            }
            return request(Array(head.dropFirst()), path: &path, method: method)
        }
        guard head.count == 1 else {
            return .unsupported("StandIn has no equal for \(head.joined(separator: ".").quoted)")
        }
        switch head[0] {
        case "now": return WireMockNow.translate(expression)
        case "jsonPath": return jsonPath(expression)
        case "randomValue": return randomValue(expression)
        case "randomInt": return randomInt(expression)
        case "pickRandom": return pickRandom(expression)
        default: return .unsupported("StandIn has no helper like \(head[0].quoted)")
        }
    }

    /// Why an expression `HandlebarsExpression` cannot read has no equal: the helper it calls, or what in it
    /// StandIn cannot write (a subexpression, an unclosed quote).
    static func unreadable(_ expression: String) -> String {
        let word = String(expression.prefix { !$0.isWhitespace && $0 != "(" })
        let known = ["now", "jsonPath", "randomValue", "randomInt", "pickRandom"]
        guard known.contains(word) || word.hasPrefix("request") || word.isEmpty else {
            return "StandIn has no helper like \(word.quoted)"
        }
        return "StandIn cannot read it (a subexpression, or a quote or bracket left open)"
    }

    /// `request.…`: `path`, `path.[N]`, `pathSegments.[N]`, `path.NAME`, `query.NAME`, `headers.NAME` (first value),
    /// `body`, `method`; WireMock 2's `requestLine.…` spelling too.
    private static func request(_ model: [String], path: inout WireMockPath, method: String?) -> Outcome {
        let model = model.first == "requestLine" ? Array(model.dropFirst()) : model
        let firstValue = model.count == 3 && model[2] == "0"
        switch (model.first, model.count) {
        case ("path", 1):
            return path.wholePath()
        case ("path", 2), ("pathSegments", 2):
            if let index = Int(model[1]), index >= 0 { return path.segment(index) }
            if model[0] == "path", let parameter = path.parameter(named: model[1]) { return parameter }
            return .unsupported("the path has no segment \(model[1].quoted)")
        case ("query", 2),
            ("query", 3) where firstValue:
            return named("query", model[1])
        case ("headers", 2),
            ("headers", 3) where firstValue:
            return named("header", model[1])
        case ("body", 1):
            return .template("{{body}}")
        case ("method", 1):
            guard let method else { return .unsupported("the stub answers any method") }
            return .text(method)
        case ("query", _), ("headers", _):
            return .unsupported("StandIn reads the first value of a query parameter or header, by its name")
        default:
            return .unsupported("StandIn templates cannot read request.\(model.joined(separator: "."))")
        }
    }

    /// `{{query.NAME}}` or `{{header.NAME}}`, for a name a StandIn template can hold.
    private static func named(_ kind: String, _ name: String) -> Outcome {
        guard isName(name) else {
            return .unsupported("the name \(name.quoted) cannot be written in a StandIn template")
        }
        return .template("{{\(kind).\(name)}}")
    }

    /// `jsonPath request.body '$.a.b[0]'`: `{{body.a.b.0}}` (or a JSON Pointer, `{{body./a.b/0}}`, when a name has a
    /// dot). Filters, wildcards, `..` and `default=` have no equal.
    private static func jsonPath(_ expression: HandlebarsExpression) -> Outcome {
        guard expression.arguments.count == 2, expression.arguments[0] == .path(["request", "body"]),
            case .string(let source) = expression.arguments[1]
        else { return .unsupported("StandIn reads JSON paths of the request body only") }
        guard expression.options.isEmpty else { return .unsupported("StandIn has no default for a missing value") }
        guard let names = JSONPathNames(source)?.names else {
            return .unsupported("StandIn reads a JSON path of names and indexes only, not \(source.quoted)")
        }
        guard !names.isEmpty else { return .template("{{body}}") }
        guard names.allSatisfy({ isName($0) || $0.isEmpty }) else {
            return .unsupported("a name in \(source.quoted) cannot be written in a StandIn template")
        }
        if names.allSatisfy({ !$0.contains(".") && !$0.isEmpty }), names[0].first != "/" {
            return .template("{{body.\(names.joined(separator: "."))}}")
        }
        let tokens = names.map { $0.replacing("~", with: "~0").replacing("/", with: "~1") }
        return .template("{{body./\(tokens.joined(separator: "/"))}}")
    }

    /// `randomValue type='UUID'`: `{{uuid}}`; `type='NUMERIC' length=N`: `{{randomInt}}` over the numbers of N
    /// digits (without a leading zero).
    private static func randomValue(_ expression: HandlebarsExpression) -> Outcome {
        let options = expression.options
        guard expression.arguments.isEmpty, let type = options["type"]?.text?.uppercased() else {
            return .unsupported("StandIn reads randomValue with a type only")
        }
        let known: Set<String> = ["type", "length", "uppercase"]
        if let other = options.keys.sorted().first(where: { !known.contains($0) }) {
            return .unsupported("StandIn has no equal for the option \(other.quoted)")
        }
        switch type {
        case "UUID":
            guard options["uppercase"]?.text != "true", options["uppercase"] != .path(["true"]) else {
                return .unsupported("StandIn's {{uuid}} is lower-case")
            }
            return .template("{{uuid}}")
        case "NUMERIC":
            guard let length = options["length"]?.text.flatMap({ Int($0) }), (1...18).contains(length) else {
                return .unsupported("StandIn draws whole numbers of 1 to 18 digits")
            }
            let low = length == 1 ? 0 : Int(pow10(length - 1))
            return .template("{{randomInt \(low) \(pow10(length) - 1)}}")
        default:
            return .unsupported("StandIn has no random value of type \(type.quoted)")
        }
    }

    /// `randomInt lower=A upper=B`: WireMock's upper bound is excluded, StandIn's included.
    private static func randomInt(_ expression: HandlebarsExpression) -> Outcome {
        let options = expression.options
        guard expression.arguments.isEmpty, Set(options.keys).isSubset(of: ["lower", "upper"]) else {
            return .unsupported("StandIn reads randomInt with lower= and upper= only")
        }
        let lower = options["lower"].map { $0.text.flatMap { Int($0) } } ?? Int(Int32.min)
        let upper = options["upper"].map { $0.text.flatMap { Int($0) } } ?? Int(Int32.max)
        guard let lower, let upper, lower < upper else { return .unsupported("the bounds are not two whole numbers") }
        return .template("{{randomInt \(lower) \(upper - 1)}}")
    }

    /// `pickRandom 'a' 'b'`: `{{pick "a" "b"}}`.
    private static func pickRandom(_ expression: HandlebarsExpression) -> Outcome {
        let words = expression.arguments.compactMap(\.text)
        guard expression.options.isEmpty, !words.isEmpty, words.count == expression.arguments.count,
            words.allSatisfy(fitsATemplate)
        else { return .unsupported("StandIn picks from words written in the template only") }
        let quoted = words.map { "\"" + $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"" }
        return .template("{{pick \(quoted.joined(separator: " "))}}")
    }

    /// Whether `text` can stand inside a StandIn `{{…}}`: no braces that would end it, no line break.
    static func fitsATemplate(_ text: String) -> Bool {
        !text.contains("}}") && !text.contains("{{") && !text.contains(where: { $0 == "\n" || $0 == "\r" })
    }

    /// Whether `text` can follow `query.`, `header.` or `body.` in a StandIn template: one word that fits.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && fitsATemplate(text) && !text.contains(where: { $0 == " " || $0 == "\t" })
    }

    private static func pow10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { product, _ in product * 10 }
    }
}
