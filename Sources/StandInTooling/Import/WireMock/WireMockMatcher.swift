import Foundation
import StandInFixtures

/// Turns one WireMock value pattern (`{"equalTo": "x"}`, `{"matches": "[0-9]+"}`, `{"absent": true}`) into a StandIn
/// field matcher (`"x"`, `{"regex": "^(?:[0-9]+)$"}`, `{"present": false}`).
enum WireMockMatcher {
    /// The StandIn matcher, or why there is none: WireMock's `matches` and case-insensitive `equalTo` must match the
    /// whole value, so their regexes are anchored.
    static func field(_ pattern: JSONNode) -> Result<JSONNode, Unsupported> {
        guard case .object(let members) = pattern.value, let first = members.first(where: { !isFlag($0.key) }) else {
            if pattern["absent"] != nil, let absent = pattern["absent"]?.boolValue {
                return .success(object("present", .bool(!absent)))
            }
            return .failure(Unsupported("is not a WireMock value pattern"))
        }
        if let other = members.first(where: { !isFlag($0.key) && $0.key != first.key }) {
            return .failure(Unsupported("combines \(first.key.quoted) with \(other.key.quoted), which StandIn cannot"))
        }
        let caseInsensitive = pattern["caseInsensitive"]?.boolValue == true
        switch (first.key, first.value.stringValue) {
        case ("equalTo", let text?):
            if caseInsensitive { return .success(object("regex", .string("(?i)^" + escaped(text) + "$"))) }
            return .success(JSONNode(.string(text)))
        case ("contains", let text?):
            if caseInsensitive { return .success(object("regex", .string("(?i)" + escaped(text)))) }
            return .success(object("contains", .string(text)))
        case ("matches", let text?):
            return .success(object("regex", .string("^(?:" + text + ")$")))
        default:
            return .failure(Unsupported("uses the matcher \(first.key.quoted), which StandIn has no equal for"))
        }
    }

    /// Why a pattern was not carried over.
    struct Unsupported: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Keys that qualify a pattern rather than being one.
    private static func isFlag(_ key: String) -> Bool {
        key == "caseInsensitive" || key == "absent"
    }

    static func escaped(_ text: String) -> String {
        NSRegularExpression.escapedPattern(for: text)
    }

    static func object(_ key: String, _ value: JSONNode.Value) -> JSONNode {
        JSONNode(.object([JSONNode.Member(key: key, value: JSONNode(value))]))
    }
}
