import StandInFixtures

/// Turns a WireMock stub's `bodyPatterns` into StandIn's one body matcher: `equalTo`, `contains`, `matches` and
/// `equalToJson` carry over; the first of them is used, and every other pattern is warned about.
enum WireMockBodyPattern {
    /// The `body` member for the fixture's request, or nil when no pattern carries over. `warn` gets the field
    /// (`[1].matchesXPath`) and the reason of each pattern left out.
    static func matcher(
        _ patterns: JSONNode?,
        redactor: Redactor,
        warn: (String, String) -> Void
    ) -> JSONNode.Member? {
        guard case .array(let elements) = patterns?.value else { return nil }
        var chosen: JSONNode.Member?
        for (index, pattern) in elements.enumerated() {
            let kind = pattern.member(where: { $0 != "caseInsensitive" && !$0.hasPrefix("ignore") })?.key ?? "?"
            let field = "[\(index)].\(kind)"
            guard let matcher = convert(pattern, kind: kind, redactor: redactor, warn: { warn(field, $0) }) else {
                continue
            }
            if chosen == nil {
                chosen = matcher
            } else {
                warn(field, "StandIn matches a body with one pattern, so only the first is matched.")
            }
        }
        return chosen
    }

    private static func convert(
        _ pattern: JSONNode,
        kind: String,
        redactor: Redactor,
        warn: (String) -> Void
    ) -> JSONNode.Member? {
        switch kind {
        case "equalToJson":
            guard let json = json(pattern["equalToJson"]) else {
                warn("the expected body is not JSON, so the body is not matched.")
                return nil
            }
            if pattern["ignoreArrayOrder"]?.boolValue == true {
                warn("StandIn compares arrays in order, so ignoreArrayOrder is not carried over.")
            }
            let pruned = RecordedMatch.prune(json, redactor: redactor, secrets: SecretIndex([]))
            let subset = pattern["ignoreExtraElements"]?.boolValue == true || pruned.removed
            return RecordedMatch.member(subset ? "json" : "equalsJSON", pruned.node.value)
        case "equalTo", "contains", "matches":
            let field = WireMockMatcher.field(pattern)
            guard case .success(let matcher) = field else { return nil }
            if let text = matcher.stringValue { return RecordedMatch.member("equals", .string(text)) }
            guard case .object(let members) = matcher.value, let only = members.first else { return nil }
            return only
        default:
            warn("StandIn has no equal for the body pattern \(kind.quoted), so it is not matched.")
            return nil
        }
    }

    /// The expected JSON: the value itself, or a string holding it.
    private static func json(_ node: JSONNode?) -> JSONNode? {
        guard let node else { return nil }
        if let text = node.stringValue { return try? JSONParser.parse(text) }
        return node
    }
}

extension JSONNode {
    /// The first member whose key passes `test`, or nil if this is not an object or none does.
    fileprivate func member(where test: (String) -> Bool) -> Member? {
        guard case .object(let members) = value else { return nil }
        return members.first { test($0.key) }
    }
}
