/// What a WebSocket endpoint reads from its peer: whole messages (fragments joined) and control frames.
package enum WebSocketInbound: Equatable, Sendable {
    /// A text message, valid UTF-8.
    case text([UInt8])
    /// A binary message.
    case binary([UInt8])
    /// A ping, with its application data (at most 125 bytes), which a pong must echo.
    case ping([UInt8])
    /// A pong, with its application data.
    case pong([UInt8])
    /// The peer's close frame: its status code (nil when the frame had none) and reason.
    case close(code: Int?, reason: String)
}

/// Why a WebSocket peer's bytes are refused: the close code to fail the connection with (1002 protocol error, 1007
/// text that is not UTF-8, 1009 a message over the limit) and a reason for the close frame and the log.
package struct WebSocketFailure: Error, Equatable, Sendable {
    package let code: Int
    package let reason: String

    package init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    static func protocolError(_ reason: String) -> WebSocketFailure {
        WebSocketFailure(code: 1002, reason: reason)
    }
}

/// The opcodes of RFC 6455 (section 5.2); the others are reserved.
package enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Whether frames with this opcode are control frames (close, ping, pong).
    var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Which end of a WebSocket a reader or writer works for: a server reads masked frames and writes unmasked ones, a
/// client the other way round.
package enum WebSocketRole: Sendable {
    case server
    case client
}
