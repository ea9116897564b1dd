import StandInSupport

/// Writes WebSocket frames (RFC 6455 section 5.2): always whole (FIN set), unmasked for a server, masked with a
/// caller's key for a client.
package enum WebSocketFrameWriter {
    /// The most bytes a frame header takes.
    static let maxHeaderLength = 14

    /// Hands `body` the header of a final frame with `opcode` and a payload of `length` bytes, masked with `mask`
    /// (its first byte in the top bits) when given.
    package static func withHeader<Result>(
        _ opcode: WebSocketOpcode,
        length: Int,
        mask: UInt32? = nil,
        _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxHeaderLength) { header in
            header[0] = 0x80 | opcode.rawValue
            let maskBit: UInt8 = mask == nil ? 0 : 0x80
            var count: Int
            switch length {
            case ..<126:
                header[1] = maskBit | UInt8(length)
                count = 2
            case ..<65536:
                header[1] = maskBit | 126
                writeBigEndian(UInt64(length), bytes: 2, into: header, at: 2)
                count = 4
            default:
                header[1] = maskBit | 127
                writeBigEndian(UInt64(length), bytes: 8, into: header, at: 2)
                count = 10
            }
            if let mask {
                writeBigEndian(UInt64(mask), bytes: 4, into: header, at: count)
                count += 4
            }
            return body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: header[..<count])))
        }
    }

    /// A whole frame, header and payload, masked with `mask` when given: for a client's frames and for tests.
    package static func frame(_ opcode: WebSocketOpcode, payload: [UInt8], mask: UInt32? = nil) -> [UInt8] {
        var bytes = withHeader(opcode, length: payload.count, mask: mask) { Array($0) }
        guard let mask else { return bytes + payload }
        for (index, byte) in payload.enumerated() {
            bytes.append(byte ^ UInt8(truncatingIfNeeded: mask >> (24 - 8 * (index & 3))))
        }
        return bytes
    }

    /// The payload of a close frame with `code` and `reason`, the reason cut at a character boundary to the 123 bytes
    /// a control frame leaves for it.
    package static func closePayload(code: Int, reason: String) -> [UInt8] {
        var payload = [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)]
        var room = 123
        for scalar in reason.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard encoded.count <= room else { break }
            payload += encoded
            room -= encoded.count
        }
        return payload
    }

    private static func writeBigEndian(
        _ value: UInt64,
        bytes count: Int,
        into header: UnsafeMutableBufferPointer<UInt8>,
        at offset: Int
    ) {
        for index in 0..<count {
            header[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - index)))
        }
    }
}
