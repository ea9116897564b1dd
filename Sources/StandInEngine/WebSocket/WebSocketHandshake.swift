import CLibevent

/// The server's side of the opening handshake (RFC 6455 section 4.2): whether a request asks for a WebSocket,
/// what is wrong with one that asks badly, and the `Sec-WebSocket-Accept` value that proves the server read it.
package enum WebSocketHandshake {
    /// The only protocol version there is.
    package static let version = "13"

    /// Whether `request` asks to switch to a WebSocket: `Upgrade: websocket` (a token of it, any case).
    package static func isUpgrade(_ request: ServerRequest) -> Bool {
        guard let upgrade = request.header(named: "Upgrade") else { return false }
        return tokens(of: upgrade).contains { $0.lowercased() == "websocket" }
    }

    /// What keeps an upgrade request from becoming a WebSocket, with the status to refuse it with: a method other
    /// than GET, no `Connection: Upgrade`, a version other than 13 (426, naming the version it takes), a key that is
    /// not 16 bytes in Base64. Nil for a sound request.
    package static func refusal(of request: ServerRequest) -> (status: Int, reason: String)? {
        guard request.method == "GET" else { return (400, "a WebSocket opens with GET, not \(request.method)") }
        guard let connection = request.header(named: "Connection"),
            tokens(of: connection).contains(where: { $0.lowercased() == "upgrade" })
        else { return (400, "a WebSocket upgrade needs \"Connection: Upgrade\"") }
        guard request.header(named: "Sec-WebSocket-Version") == version else {
            return (426, "StandIn speaks WebSocket version \(version) (Sec-WebSocket-Version)")
        }
        guard let key = request.header(named: "Sec-WebSocket-Key"), isValidKey(key) else {
            return (400, "Sec-WebSocket-Key must be 16 bytes in Base64")
        }
        return nil
    }

    /// The subprotocols the client offers, in its order of preference (`Sec-WebSocket-Protocol`).
    package static func offeredSubprotocols(_ request: ServerRequest) -> [String] {
        request.header(named: "Sec-WebSocket-Protocol").map { tokens(of: $0) } ?? []
    }

    /// The `Sec-WebSocket-Accept` value for a client's key: Base64 of the SHA-1 of the key and the protocol's GUID.
    package static func acceptValue(for key: String) -> String {
        let input = Array((key.trimmingSpaces + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        SHA1(input, input.count, &digest)
        return base64(digest)
    }

    /// `bytes` in Base64, with padding (OpenSSL's encoder).
    static func base64(_ bytes: [UInt8]) -> String {
        var encoded = [UInt8](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        let length = EVP_EncodeBlock(&encoded, bytes, Int32(bytes.count))
        return String(decoding: encoded[..<Int(length)], as: UTF8.self)
    }

    /// Whether `key` is 16 bytes in Base64: 22 characters of the alphabet and `==`.
    static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.trimmingSpaces.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[..<22].allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                true
            default: false
            }
        }
    }

    /// The comma-separated tokens of a header value, trimmed.
    private static func tokens(of value: String) -> [String] {
        value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs at its ends (an HTTP field value's optional whitespace).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
