/// The status codes of a WebSocket close frame (RFC 6455 section 7.4), and which of them may travel in one.
public enum WebSocketCloseCode {
    /// The purpose of the connection is fulfilled.
    public static let normal = 1000
    /// The endpoint is going away (a server shutting down).
    public static let goingAway = 1001
    /// The peer broke the protocol.
    public static let protocolError = 1002
    /// A text message was not UTF-8.
    public static let invalidPayload = 1007
    /// A message broke the endpoint's policy (an outgoing queue the client never drains).
    public static let policyViolation = 1008
    /// A message was larger than the endpoint takes.
    public static let messageTooBig = 1009
    /// The server met a condition it cannot go on from.
    public static let internalError = 1011

    /// Whether `code` may be sent in a close frame: 1000 to 1003, 1007 to 1014 (the defined codes), and 3000 to 4999
    /// (registered and private use). 1004 is reserved; 1005, 1006 and 1015 stand for a close without a frame or a code
    /// and never travel in one; 1016 to 2999 are kept for future versions of the protocol.
    public static func isSendable(_ code: Int) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}
