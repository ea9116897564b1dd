/// A media type or range (`application/json`, `application/*`, `*/*`) as a spec lists it or a `Content-Type` sends
/// it, lower-cased, its parameters (`charset`) set aside.
struct MediaRange: Sendable, Hashable {
    /// `application`, or `*`.
    let type: String
    /// `json`, `problem+json`, or `*`.
    let subtype: String

    /// Reads `text`; nil when it is not `type/subtype`. Read byte by byte: a request's `Content-Type` is read on every
    /// request under a spec.
    init?(_ text: String) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        while start < end, Self.isBlank(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, Self.isBlank(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        guard let slash = utf8[start..<end].firstIndex(of: UInt8(ascii: "/")) else { return nil }
        type = Self.lowercased(text[start..<slash])
        subtype = Self.lowercased(text[utf8.index(after: slash)..<end])
        guard !type.isEmpty, !subtype.isEmpty, !subtype.utf8.contains(UInt8(ascii: "/")) else { return nil }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// `text` lower-cased, copied as it is when it has no capital letter (as types usually have none).
    private static func lowercased(_ text: Substring) -> String {
        text.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 >= 0x80 }
            ? text.lowercased() : String(text)
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
