extension Placeholder {
    /// `message.text`, `message.json` or `message.json.PATH`, from the text after `message.`.
    static func message(_ name: String, expression: Substring) throws(FixtureError) -> Self {
        if name == "text" { return .messageText }
        if name == "json" { return .messageJSON(path: "") }
        guard name.hasPrefix("json."), name.count > "json.".count else {
            throw FixtureError(
                "unknown template {{\(expression)}}; a websocket reply reads message.text, message.json or "
                    + "message.json.PATH"
            )
        }
        return .messageJSON(path: String(name.dropFirst("json.".count)))
    }

    /// Whether the placeholder reads the client's WebSocket message, which only a reply has.
    var readsMessage: Bool {
        switch self {
        case .messageText, .messageJSON: true
        case .json(let inner): inner.readsMessage
        default: false
        }
    }

    /// Whether the placeholder reads the client's message as JSON.
    var readsMessageJSON: Bool {
        switch self {
        case .messageJSON: true
        case .json(let inner): inner.readsMessageJSON
        default: false
        }
    }
}
