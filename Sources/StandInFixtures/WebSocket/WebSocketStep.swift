/// One step of a conversation, rendered for one connection, in order.
public enum WebSocketStep: Sendable, Equatable {
    /// Send a message.
    case send(WebSocketMessage)
    /// Wait this long before the next step (a `delay`; a step's own `delay` comes as a wait before it).
    case wait(Duration)
    /// Start the close handshake with this code and reason.
    case close(code: Int, reason: String)
    /// Reset the connection (`"fault": "connection-reset"`).
    case reset
}
