/// What a client message must be for an `on` entry to answer it.
enum WebSocketMatcher: Sendable {
    /// A text message that is JSON containing this JSON as a subset, as body `json` matchers read it.
    case json(JSONNode)
    /// A text message whose text satisfies the condition.
    case text(ValueMatcher)
    /// A binary message of exactly these bytes.
    case binary([UInt8])

    /// The forms a `match` object has one of.
    static let forms = ["json", "text", "binary"]

    /// Reads a `match` object: exactly one of `json`, `text` (a string matcher) and `binary` (base64).
    init(_ object: ObjectReader) throws(FixtureError) {
        let (form, node) = try RequestPatternDecoder.onlyKey(of: object, among: Self.forms)
        switch form {
        case "json":
            self = .json(node)
        case "text":
            let condition = try RequestPatternDecoder.valueMatcher(
                object.member(form)!,
                in: object.context,
                kinds: ["equals", "prefix", "contains", "regex"]
            )
            self = .text(condition)
        default:
            self = .binary(try object.base64(form)!)
        }
    }

    /// Whether `message` satisfies the matcher; `json` is the message read as JSON, when it is text that parses.
    func matches(_ message: WebSocketMessage, json: JSONNode?) -> Bool {
        switch self {
        case .json(let subset): json?.contains(subset) ?? false
        case .text(let condition):
            message.kind == .text && condition.matches(String(decoding: message.bytes, as: UTF8.self))
        case .binary(let bytes): message.kind == .binary && message.bytes == bytes
        }
    }

    /// Whether the matcher reads a message as JSON.
    var readsJSON: Bool {
        if case .json = self { true } else { false }
    }
}
