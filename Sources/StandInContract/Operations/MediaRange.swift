/// A media type or range (`application/json`, `application/*`, `*/*`) as a spec lists it or a `Content-Type` sends
/// it, lower-cased, its parameters (`charset`) set aside.
struct MediaRange: Sendable, Hashable {
    /// `application`, or `*`.
    let type: String
    /// `json`, `problem+json`, or `*`.
    let subtype: String

    /// Reads `text`; nil when it is not `type/subtype`.
    init?(_ text: some StringProtocol) {
        let essence = text.prefix { $0 != ";" }.trimmingWhitespace.lowercased()
        guard let slash = essence.firstIndex(of: "/") else { return nil }
        type = String(essence[..<slash])
        subtype = String(essence[essence.index(after: slash)...])
        guard !type.isEmpty, !subtype.isEmpty, !subtype.contains("/") else { return nil }
    }

    /// 2 for a full type, 1 for `type/*`, 0 for `*/*`: the most specific listed range that covers a type wins.
    var specificity: Int {
        type == "*" ? 0 : subtype == "*" ? 1 : 2
    }

    /// Whether this range covers the media type `actual`.
    func covers(_ actual: MediaRange) -> Bool {
        (type == "*" || type == actual.type) && (subtype == "*" || subtype == actual.subtype)
    }

    /// Whether bodies of this type are JSON: `application/json` and any `+json` type.
    var isJSON: Bool {
        subtype == "json" || subtype.hasSuffix("+json")
    }

    /// Whether bodies of this type are `application/x-www-form-urlencoded`.
    var isForm: Bool {
        type == "application" && subtype == "x-www-form-urlencoded"
    }

    /// `application/json`.
    var text: String { "\(type)/\(subtype)" }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    var trimmingWhitespace: Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = text.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return text[first...last]
    }
}
