/// One whole WebSocket message, as received or to be sent.
public struct WebSocketMessage: Sendable, Equatable {
    /// The kind of a message, as its first frame's opcode says.
    public enum Kind: Sendable {
        /// UTF-8 text.
        case text
        /// Bytes.
        case binary
    }

    /// Whether the message is text or bytes.
    public let kind: Kind
    /// The payload: UTF-8 for a text message.
    public let bytes: [UInt8]

    /// Creates a message.
    public init(kind: Kind, bytes: [UInt8]) {
        self.kind = kind
        self.bytes = bytes
    }
}
