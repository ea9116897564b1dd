/// One entry of a `content` map: the media range the spec lists and its compiled schema.
struct ContractMediaType: Sendable {
    /// The key as the spec writes it: `application/json; charset=utf-8`.
    let written: String
    /// The key read as a media range; nil when it is not one (never matched).
    let range: MediaRange?
    /// The compiled schema, when the entry has one.
    let schema: JSONSchema?
    /// The type a form body's fields are coerced to.
    let shape: ValueShape

    /// The entry of `entries` whose range covers `actual` most specifically; ties go to the first written.
    static func best(for actual: MediaRange, in entries: [ContractMediaType]) -> ContractMediaType? {
        var best: ContractMediaType?
        for entry in entries {
            guard let range = entry.range, range.covers(actual) else { continue }
            if let current = best?.range, current.specificity >= range.specificity { continue }
            best = entry
        }
        return best
    }

    /// `application/json, text/plain`: the listed types for a message.
    static func listed(_ entries: [ContractMediaType]) -> String {
        entries.map(\.written).joined(separator: ", ")
    }
}
