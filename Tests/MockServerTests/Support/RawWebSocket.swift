import StandInEngine

/// A WebSocket client written by hand over a `RawConnection`, for what real clients never send: unmasked frames,
/// reserved bits, huge lengths, floods. It reads the server's frames with the engine's own reader in the client's
/// role (a reader that the frame tests check against RFC 6455's rules).
final class RawWebSocket {
    let connection: RawConnection
    private var reader = WebSocketFrameReader(role: .client, maxMessageBytes: 1 << 24)
    private var pending: [WebSocketInbound] = []
    /// The status line and headers of the server's answer to the upgrade.
    private(set) var head = ""

    /// Opens a WebSocket on `path` at 127.0.0.1:`port`; `head` says how the server answered.
    init(port: Int, path: String, extraHeaders: String = "") async throws {
        connection = try RawConnection(port: port)
        await connection.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\(extraHeaders)\r\n"
        )
        var received: [UInt8] = []
        while true {
            let bytes = await connection.readBytes()
            guard !bytes.isEmpty else { break }
            received += bytes
            if let end = Self.headEnd(in: received) {
                head = String(decoding: received[..<end], as: UTF8.self)
                feed(Array(received[end...]))
                break
            }
        }
    }

    /// Whether the server switched protocols.
    var isOpen: Bool { head.hasPrefix("HTTP/1.1 101") }

    /// Sends a frame as a client would, masked; `first` overrides its first byte (FIN, reserved bits, opcode).
    func send(_ opcode: WebSocketOpcode, _ payload: [UInt8], first: UInt8? = nil, masked: Bool = true) async {
        var frame = WebSocketFrameWriter.frame(opcode, payload: payload, mask: masked ? 0x1234_5678 : nil)
        if let first { frame[0] = first }
        await connection.send(frame)
    }

    /// Sends raw bytes.
    func sendRaw(_ bytes: [UInt8]) async {
        await connection.send(bytes)
    }

    /// The next message or control frame from the server; nil once it has closed the connection (or nothing came
    /// within the read timeout).
    func next() async -> WebSocketInbound? {
        while pending.isEmpty {
            let bytes = await connection.readBytes()
            guard !bytes.isEmpty else { return nil }
            feed(bytes)
        }
        return pending.removeFirst()
    }

    /// Reads until the server's close frame, and returns its code and reason; nil if the connection ended without
    /// one.
    func closeFrame() async -> (code: Int?, reason: String)? {
        while let inbound = await next() {
            if case .close(let code, let reason) = inbound { return (code, reason) }
        }
        return nil
    }

    private func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            try? reader.read(buffer) { pending.append($0) }
        }
    }

    private static func headEnd(in bytes: [UInt8]) -> Int? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where Array(bytes[index..<(index + 4)]) == end { return index + 4 }
        return nil
    }
}
