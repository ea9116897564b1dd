/// A condition on a request's body.
public enum BodyMatcher: Sendable, Equatable, CustomStringConvertible {
    /// The body is JSON that contains this JSON as a subset (objects: these keys with matching values;
    /// arrays: each listed element matches some element).
    case json(JSONNode)
    /// The body is JSON equal to this JSON (key order and number spelling do not matter).
    case equalsJSON(JSONNode)
    /// The body's text equals this string.
    case equals(String)
    /// The body's text contains this string.
    case contains(String)
    /// The body's text matches this regular expression.
    case regex(TextPattern)
    /// The body's bytes have this SHA-256 digest (64 hex digits); how the recorder matches large or binary bodies.
    case sha256(String)

    /// Whether the request's body satisfies the condition; the body is parsed as JSON only for JSON matchers.
    public func matches<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Bool {
        switch self {
        case .json(let subset): facts.bodyJSON()?.contains(subset) ?? false
        case .equalsJSON(let expected): facts.bodyJSON() == expected
        case .equals(let expected): facts.bodyText() == expected
        case .contains(let part): facts.bodyText().contains(part)
        case .regex(let pattern): pattern.matches(facts.bodyText())
        case .sha256(let digest): SHA256.hex(facts.bodyBytes()) == digest
        }
    }

    /// How a diagnostic describes what was expected.
    public var description: String {
        switch self {
        case .json(let subset): "JSON containing \(subset.compactString)"
        case .equalsJSON(let expected): "JSON equal to \(expected.compactString)"
        case .equals(let expected): "text equal to \(expected.quoted)"
        case .contains(let part): "text containing \(part.quoted)"
        case .regex(let pattern): "text matching \(pattern.source.quoted)"
        case .sha256(let digest): "bytes with SHA-256 \(digest)"
        }
    }
}
