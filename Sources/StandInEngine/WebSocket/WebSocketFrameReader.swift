import StandInSupport

/// Reads a WebSocket byte stream, in whatever pieces it arrives, into messages and control frames (RFC 6455
/// section 5): unmasks, joins fragments, answers nothing itself. Refuses, with the close code to fail the connection
/// with, what the protocol forbids: reserved bits or opcodes (no extension is negotiated), frames masked the wrong way
/// for the role, control frames that are fragmented or over 125 bytes, a continuation with no message under way or a
/// new message inside one, text that is not UTF-8 (1007), a message over `maxMessageBytes` (1009, as soon as a
/// frame's length says so, before its payload is read), and a close frame with a bad code or a reason that is not
/// UTF-8.
package struct WebSocketFrameReader {
    /// A frame whose header has been read, while its payload arrives.
    private struct Frame {
        let opcode: WebSocketOpcode
        let isFinal: Bool
        /// The masking key, its first byte in the top bits.
        let mask: UInt32?
        var remaining: Int
        var maskOffset = 0
    }

    private let role: WebSocketRole
    private let maxMessageBytes: Int
    /// The header of the frame arriving now, until it is whole (at most 14 bytes).
    private var header: [UInt8] = []
    private var frame: Frame?
    /// The data message under way: its opcode (text or binary) and the payload of its fragments so far.
    private var messageOpcode: WebSocketOpcode?
    private var message: [UInt8] = []
    private var text = UTF8Validation()
    /// The payload of the control frame arriving now.
    private var control: [UInt8] = []

    /// A reader for `role`'s end, refusing messages over `maxMessageBytes`.
    package init(role: WebSocketRole, maxMessageBytes: Int) {
        self.role = role
        self.maxMessageBytes = maxMessageBytes
    }

    /// Reads the next `bytes` of the stream and hands `deliver` each message or control frame they complete, in
    /// order. Throws the first violation; the reader must not be used after one.
    package mutating func read(
        _ bytes: UnsafeRawBufferPointer,
        deliver: (WebSocketInbound) -> Void
    ) throws(WebSocketFailure) {
        var index = 0
        while index < bytes.count {
            guard var current = frame else {
                header.append(bytes[index])
                index += 1
                if let started = try headerRead() {
                    header.removeAll(keepingCapacity: true)
                    frame = started
                    if started.remaining == 0 { try finishFrame(started, deliver: deliver) }
                }
                continue
            }
            let count = min(current.remaining, bytes.count - index)
            let payload = UnsafeRawBufferPointer(rebasing: bytes[index..<(index + count)])
            if current.opcode.isControl {
                Self.append(payload, unmasking: &current, to: &control)
            } else {
                let start = message.count
                Self.append(payload, unmasking: &current, to: &message)
                if messageOpcode == .text {
                    let valid = message.withUnsafeBytes { text.accept(UnsafeRawBufferPointer(rebasing: $0[start...])) }
                    guard valid else { throw WebSocketFailure(code: 1007, reason: "text that is not UTF-8") }
                }
            }
            index += count
            current.remaining -= count
            frame = current
            if current.remaining == 0 { try finishFrame(current, deliver: deliver) }
        }
    }

    /// The frame whose header `header` holds, once it holds all of it; nil while bytes are missing.
    private mutating func headerRead() throws(WebSocketFailure) -> Frame? {
        guard header.count >= 2 else { return nil }
        let first = header[0]
        let second = header[1]
        guard first & 0x70 == 0 else { throw .protocolError("reserved bits set with no extension negotiated") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .protocolError("reserved opcode \(first & 0x0F)")
        }
        let masked = second & 0x80 != 0
        switch (role, masked) {
        case (.server, false): throw .protocolError("a client frame that is not masked")
        case (.client, true): throw .protocolError("a server frame that is masked")
        default: break
        }
        let shortLength = Int(second & 0x7F)
        let lengthBytes = shortLength == 126 ? 2 : (shortLength == 127 ? 8 : 0)
        let headerLength = 2 + lengthBytes + (masked ? 4 : 0)
        guard header.count == headerLength else { return nil }
        var length = UInt64(shortLength)
        if lengthBytes > 0 {
            length = header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
            guard length >> 63 == 0 else { throw .protocolError("a payload length with its top bit set") }
        }
        let isFinal = first & 0x80 != 0
        try checkSequence(opcode, isFinal: isFinal, length: length)
        let mask = masked ? header[(headerLength - 4)...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } : nil
        return Frame(opcode: opcode, isFinal: isFinal, mask: mask, remaining: Int(length))
    }

    /// Checks that a frame with `opcode` fits where it arrives, and that its `length` is allowed.
    private mutating func checkSequence(
        _ opcode: WebSocketOpcode,
        isFinal: Bool,
        length: UInt64
    ) throws(WebSocketFailure) {
        if opcode.isControl {
            guard isFinal else { throw .protocolError("a fragmented control frame") }
            guard length <= 125 else { throw .protocolError("a control frame over 125 bytes") }
            control.removeAll(keepingCapacity: true)
            return
        }
        switch (opcode, messageOpcode) {
        case (.continuation, nil): throw .protocolError("a continuation frame with no message under way")
        case (.continuation, _): break
        case (_, nil): messageOpcode = opcode
        default: throw .protocolError("a new message before the last one's final fragment")
        }
        guard length <= UInt64(maxMessageBytes - message.count) else {
            throw WebSocketFailure(code: 1009, reason: "a message over \(maxMessageBytes) bytes")
        }
    }

    private mutating func finishFrame(_ finished: Frame, deliver: (WebSocketInbound) -> Void) throws(WebSocketFailure) {
        frame = nil
        switch finished.opcode {
        case .ping: deliver(.ping(control))
        case .pong: deliver(.pong(control))
        case .close: deliver(try Self.close(control))
        case .text, .binary, .continuation:
            guard finished.isFinal else { return }
            let whole = message
            message = []
            defer { messageOpcode = nil }
            guard messageOpcode == .text else { return deliver(.binary(whole)) }
            guard text.isComplete else { throw WebSocketFailure(code: 1007, reason: "text that is not UTF-8") }
            text = UTF8Validation()
            deliver(.text(whole))
        }
    }

    /// The close frame with `payload`: no code, or a sendable code and a UTF-8 reason.
    private static func close(_ payload: [UInt8]) throws(WebSocketFailure) -> WebSocketInbound {
        guard !payload.isEmpty else { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .protocolError("a close frame with a one-byte code") }
        let code = Int(payload[0]) << 8 | Int(payload[1])
        guard WebSocketCloseCode.isSendable(code) else { throw .protocolError("close code \(code)") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw WebSocketFailure(code: 1007, reason: "a close reason that is not UTF-8")
        }
        return .close(code: code, reason: reason)
    }

    /// Appends `payload` to `target`, unmasked with the frame's key from where the frame's payload has got to.
    private static func append(
        _ payload: UnsafeRawBufferPointer,
        unmasking frame: inout Frame,
        to target: inout [UInt8]
    ) {
        guard let mask = frame.mask else { return target.append(contentsOf: payload) }
        let offset = frame.maskOffset
        target.reserveCapacity(target.count + payload.count)
        for (index, byte) in payload.enumerated() {
            target.append(byte ^ UInt8(truncatingIfNeeded: mask >> (24 - 8 * ((offset + index) & 3))))
        }
        frame.maskOffset = (offset + payload.count) & 3
    }
}
