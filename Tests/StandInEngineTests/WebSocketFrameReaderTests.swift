import Testing

@testable import StandInEngine

/// The frame reader turns a client's byte stream, split anywhere, into the same messages and control frames, and
/// refuses what RFC 6455 forbids with the close code the connection must fail with (the framing cases of the
/// Autobahn test suite, sections 1 to 7, written here as byte streams).
@Suite struct WebSocketFrameReaderTests {
    static let mask: UInt32 = 0x37FA_213D

    /// A client frame: masked, with `first` as its first byte (FIN, RSV bits, opcode).
    static func clientFrame(first: UInt8, _ payload: [UInt8], masked: Bool = true) -> [UInt8] {
        let opcode = WebSocketOpcode(rawValue: first & 0x0F) ?? .binary
        var frame = WebSocketFrameWriter.frame(opcode, payload: payload, mask: masked ? mask : nil)
        frame[0] = first
        return frame
    }

    static func text(_ string: String, final: Bool = true) -> [UInt8] {
        clientFrame(first: (final ? 0x80 : 0) | 0x1, Array(string.utf8))
    }

    /// What the reader delivers for `stream` fed in pieces of `piece` bytes, and the failure that stopped it, if any.
    static func read(
        _ stream: [UInt8],
        piece: Int = .max,
        maxMessageBytes: Int = 1 << 20
    )
        -> (inbound: [WebSocketInbound], failure: WebSocketFailure?)
    {
        var reader = WebSocketFrameReader(role: .server, maxMessageBytes: maxMessageBytes)
        var inbound: [WebSocketInbound] = []
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + min(piece, stream.count))
            let failure = stream[start..<end].withUnsafeBytes { bytes -> WebSocketFailure? in
                do throws(WebSocketFailure) {
                    try reader.read(bytes) { inbound.append($0) }
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { return (inbound, failure) }
            start = end
        }
        return (inbound, nil)
    }

    @Test func messagesSplitAnywhereReadTheSame() {
        let long = String(repeating: "é", count: 40_000)
        let stream =
            Self.text("Hello") + Self.clientFrame(first: 0x82, [0, 1, 2, 255])
            + Self.text("frag", final: false) + Self.clientFrame(first: 0x89, [7])
            + Self.clientFrame(first: 0x80, Array("ment".utf8))
            + Self.text(long) + Self.clientFrame(first: 0x8A, [])
            + Self.clientFrame(first: 0x88, [0x03, 0xE8] + Array("bye".utf8))
        let expected: [WebSocketInbound] = [
            .text(Array("Hello".utf8)), .binary([0, 1, 2, 255]), .ping([7]), .text(Array("fragment".utf8)),
            .text(Array(long.utf8)), .pong([]), .close(code: 1000, reason: "bye"),
        ]
        for piece in [1, 2, 3, 5, 7, 13, 64, 1000, .max] {
            let (inbound, failure) = Self.read(stream, piece: piece)
            #expect(failure == nil, "piece \(piece)")
            #expect(inbound == expected, "piece \(piece)")
        }
    }

    @Test func lengthsOfEachSizeRead() {
        for count in [0, 125, 126, 127, 65535, 65536, 200_000] {
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
            let (inbound, failure) = Self.read(Self.clientFrame(first: 0x82, payload), piece: 4093)
            #expect(failure == nil)
            #expect(inbound == [.binary(payload)], "length \(count)")
        }
    }

    @Test(
        arguments: [
            ("an unmasked frame", clientFrame(first: 0x81, Array("hi".utf8), masked: false), 1002),
            ("a reserved bit", clientFrame(first: 0xC1, Array("hi".utf8)), 1002),
            ("a reserved data opcode", clientFrame(first: 0x83, []), 1002),
            ("a reserved control opcode", clientFrame(first: 0x8B, []), 1002),
            ("a fragmented ping", clientFrame(first: 0x09, [1]), 1002),
            ("a ping over 125 bytes", clientFrame(first: 0x89, [UInt8](repeating: 1, count: 126)), 1002),
            ("a continuation first", clientFrame(first: 0x80, [1]), 1002),
            ("a new message inside one", text("a", final: false) + text("b"), 1002),
            ("a one-byte close", clientFrame(first: 0x88, [3]), 1002),
            ("close code 999", clientFrame(first: 0x88, [0x03, 0xE7]), 1002),
            ("close code 1005", clientFrame(first: 0x88, [0x03, 0xED]), 1002),
            ("close code 5000", clientFrame(first: 0x88, [0x13, 0x88]), 1002),
            ("a close reason not UTF-8", clientFrame(first: 0x88, [0x03, 0xE8, 0xFF]), 1007),
            (
                "text not UTF-8",
                clientFrame(first: 0x81, [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xED, 0xA0, 0x80]), 1007
            ),
            ("text cut inside a character", clientFrame(first: 0x81, [0xCE]), 1007),
            ("a 16 GiB length", [0x82, 0xFF, 0, 0, 0, 4, 0, 0, 0, 0, 1, 2, 3, 4], 1009),
            ("a length with its top bit set", [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], 1002),
        ] as [(String, [UInt8], Int)]
    )
    func forbiddenStreamsFail(name: String, stream: [UInt8], code: Int) {
        for piece in [1, .max] {
            #expect(Self.read(stream, piece: piece).failure?.code == code, "\(name), piece \(piece)")
        }
    }

    @Test func invalidTextFailsAtTheFirstBadFragment() {
        // The first fragment already holds a byte no UTF-8 text has: the reader fails before the message ends.
        let (inbound, failure) = Self.read(Self.clientFrame(first: 0x01, [0x41, 0xF8]))
        #expect(inbound.isEmpty)
        #expect(failure?.code == 1007)
    }

    @Test func aMessageOverTheLimitFailsWhenItsFragmentsAddUp() {
        let stream =
            Self.clientFrame(first: 0x02, [UInt8](repeating: 1, count: 60))
            + Self.clientFrame(first: 0x80, [UInt8](repeating: 1, count: 60))
        #expect(Self.read(stream, maxMessageBytes: 100).failure?.code == 1009)
        #expect(Self.read(stream, maxMessageBytes: 120).inbound == [.binary([UInt8](repeating: 1, count: 120))])
    }

    @Test func validTextOfEveryLengthReads() {
        for scalar in [
            "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}",
        ] {
            #expect(Self.read(Self.text(scalar), piece: 1).inbound == [.text(Array(scalar.utf8))])
        }
    }
}

/// The server's frames and handshake values.
@Suite struct WebSocketFrameWriterTests {
    @Test func theAcceptValueIsRFC6455s() {
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(WebSocketHandshake.isValidKey("dGhlIHNhbXBsZSBub25jZQ=="))
        #expect(!WebSocketHandshake.isValidKey("dGhlIHNhbXBsZSBub25jZQ"))
        #expect(!WebSocketHandshake.isValidKey("dGhlIHNhbXBsZSBub25jZ!=="))
    }

    @Test func serverFramesReadBackThroughAClientReader() {
        for count in [0, 125, 126, 65535, 65536] {
            let payload = [UInt8](repeating: 9, count: count)
            var reader = WebSocketFrameReader(role: .client, maxMessageBytes: 1 << 20)
            var inbound: [WebSocketInbound] = []
            WebSocketFrameWriter.frame(.binary, payload: payload).withUnsafeBytes { bytes in
                try? reader.read(bytes) { inbound.append($0) }
            }
            #expect(inbound == [.binary(payload)])
        }
    }

    @Test func closeReasonsAreCutAtACharacterBoundary() {
        let payload = WebSocketFrameWriter.closePayload(code: 1000, reason: String(repeating: "é", count: 100))
        #expect(payload.count == 124)
        #expect(String(validating: payload[2...], as: UTF8.self) != nil)
    }
}
