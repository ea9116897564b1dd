/// The client message a reply answers, as its templates read it (`{{message.text}}`, `{{message.json.PATH}}`). A
/// class: every request's `RenderContext` has room for one, and a reference keeps that room to a pointer.
@usableFromInline
final class ReceivedMessage {
    /// The message.
    @usableFromInline let message: WebSocketMessage
    /// The message read as JSON: nil for a binary message, one that is not JSON, or a script that never reads it.
    @usableFromInline let json: JSONNode?

    init(message: WebSocketMessage, json: JSONNode?) {
        self.message = message
        self.json = json
    }

    /// The message as text (invalid UTF-8 in a binary message is repaired).
    @usableFromInline var text: String { String(decoding: message.bytes, as: UTF8.self) }
}
