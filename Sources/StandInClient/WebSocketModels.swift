import Foundation

/// One message of a WebSocket, as the server saw it pass.
public struct WebSocketMessageRecord: Sendable, Decodable, Equatable {
    /// `client` for a message the client sent, `server` for one the server sent.
    public let from: String
    /// The message, when it was text.
    public let text: String?
    /// The message in Base64, when it was binary.
    public let base64: String?
    /// When it passed, in milliseconds after the upgrade.
    public let atMs: Double

    /// Whether the client sent it.
    public var fromClient: Bool { from == "client" }
}

/// A WebSocket's messages both ways (the first thousand kept) and how it ended.
public struct WebSocketTranscript: Sendable, Decodable {
    /// The WebSocket's id in the admin API.
    public let id: Int
    /// Messages the server received.
    public let received: Int
    /// Messages the server sent.
    public let sent: Int
    /// How it ended (`closed by client 1000`, `client gone`, …); nil while it is open.
    public let end: String?
    public let messages: [WebSocketMessageRecord]
}

/// A WebSocket open on the server now (`GET /__standin/websockets`).
public struct WebSocketInfo: Sendable, Decodable {
    /// What the admin API calls it by.
    public let id: Int
    public let path: String
    /// The fixture holding the conversation.
    public let fixture: String
    /// The subprotocol agreed, if any.
    public let subprotocol: String?
    /// The session it belongs to, if any.
    public let session: String?
    public let received: Int
    public let sent: Int
    public let messages: [WebSocketMessageRecord]
}

/// A message a test pushes to a WebSocket's client.
public enum WebSocketPush: Sendable {
    /// A JSON value, given as its text, sent as a text message (compact).
    case json(String)
    /// A text message.
    case text(String)
    /// A binary message.
    case binary(Data)
}
