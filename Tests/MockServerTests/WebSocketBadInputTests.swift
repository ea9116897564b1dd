import Foundation
import MockServer
import ServerTestSupport
import StandInEngine
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// WebSockets through the real server with a client written by hand: the handshake and the close handshake, and
/// every frame a compliant server must refuse (the equivalents of the Autobahn test suite's cases, which need a
/// harness this repository does not run): each closes with the right code, the journal says how the WebSocket ended,
/// and the server goes on answering.
@Suite struct WebSocketBadInputTests {
    private static let files = [
        "echo.json": #"""
        { "request": { "path": "/echo" },
          "websocket": { "otherwise": [ { "send": "{{message.text}}" } ] } }
        """#,
        "plain.json": #"{ "request": { "path": "/plain" }, "response": { "text": "0123456789" } }"#,
    ]

    private func withEcho(_ body: (URL, Int) async throws -> Void) async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                try await body(base, base.port!)
            }
        }
    }

    /// The journal's newest entry for `path`, once one is written (a WebSocket's is written when it ends).
    private func entry(_ base: URL, path: String) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let journal = try await fetch(base, "/__standin/requests?path=\(path)").json()
            if let entry = (journal["requests"] as? [[String: Any]])?.last { return entry }
            guard ContinuousClock.now < deadline else { throw CocoaError(.fileNoSuchFile) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func theHandshakeAcceptsTheKeyAndMessagesEchoBothKinds() async throws {
        try await withEcho { base, port in
            let socket = try await RawWebSocket(port: port, path: "/echo")
            #expect(socket.isOpen, "\(socket.head)")
            #expect(socket.head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
            #expect(socket.head.lowercased().contains("upgrade: websocket"))
            #expect(!socket.head.lowercased().contains("transfer-encoding"))
            await socket.send(.text, Array("hello".utf8))
            #expect(await socket.next() == .text(Array("hello".utf8)))
            // Fragments with a ping between them: one message, and the ping answered first.
            await socket.send(.text, Array("frag".utf8), first: 0x01)
            await socket.send(.ping, [1, 2, 3])
            await socket.send(.continuation, Array("ment".utf8), first: 0x80)
            #expect(await socket.next() == .pong([1, 2, 3]))
            #expect(await socket.next() == .text(Array("fragment".utf8)))
            await socket.send(.close, [0x03, 0xE8] + Array("done".utf8))
            let close = await socket.closeFrame()
            #expect(close?.code == 1000)
            let journaled = try await entry(base, path: "/echo")
            #expect(journaled["status"] as? Int == 101)
            let transcript = try #require(journaled["websocket"] as? [String: Any])
            #expect(transcript["received"] as? Int == 2)
            #expect(transcript["sent"] as? Int == 2)
            #expect(transcript["end"] as? String == "closed by client 1000 done")
        }
    }

    @Test(
        arguments: [
            ("an unmasked frame", WebSocketFrameWriter.frame(.text, payload: Array("hi".utf8)), 1002),
            ("reserved bits", [0xC1, 0x82, 1, 2, 3, 4, 0x69 ^ 1, 0x68 ^ 2], 1002),
            ("a reserved opcode", [0x83, 0x80, 1, 2, 3, 4], 1002),
            (
                "a ping over 125 bytes",
                WebSocketFrameWriter.frame(.ping, payload: [UInt8](repeating: 7, count: 126), mask: 9), 1002
            ),
            ("a fragmented ping", [0x09, 0x80, 1, 2, 3, 4], 1002),
            ("text that is not UTF-8", WebSocketFrameWriter.frame(.text, payload: [0xED, 0xA0, 0x80], mask: 9), 1007),
            ("a 16 GiB length", [0x82, 0xFF, 0, 0, 0, 4, 0, 0, 0, 0, 1, 2, 3, 4], 1009),
            ("a message over the limit", [0x82, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 1, 1, 2, 3, 4], 1009),
        ] as [(String, [UInt8], Int)]
    )
    func forbiddenFramesCloseWithTheirCode(name: String, frame: [UInt8], code: Int) async throws {
        try await withEcho { base, port in
            let socket = try await RawWebSocket(port: port, path: "/echo")
            #expect(socket.isOpen)
            await socket.sendRaw(frame)
            let close = await socket.closeFrame()
            #expect(close?.code == code, "\(name): \(String(describing: close))")
            // The server closes the TCP connection after its close frame.
            #expect(await socket.next() == nil)
            let transcript = try #require(try await entry(base, path: "/echo")["websocket"] as? [String: Any])
            #expect((transcript["end"] as? String)?.hasPrefix("failed \(code)") == true, "\(name)")
            #expect(try await fetch(base, "/plain").text == "0123456789")
        }
    }

    @Test func aFloodOfPingsFromAClientThatNeverReadsIsDropped() async throws {
        try await withEcho { base, port in
            let socket = try await RawWebSocket(port: port, path: "/echo")
            var small: Int32 = 4096
            setsockopt(socket.connection.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            // 10,000 pings of 125 bytes ask for 1.3 MB of pongs, which the client never reads.
            let ping = WebSocketFrameWriter.frame(.ping, payload: [UInt8](repeating: 1, count: 125), mask: 5)
            let flood = Array((0..<10_000).map { _ in ping }.joined())
            _ = await socket.connection.send(flood)
            let transcript = try #require(try await entry(base, path: "/echo")["websocket"] as? [String: Any])
            #expect((transcript["end"] as? String)?.hasPrefix("dropped") == true, "\(transcript)")
            #expect(try await fetch(base, "/plain").text == "0123456789")
        }
    }

    @Test func aClientGoneWithoutACloseFrameEndsTheWebSocket() async throws {
        try await withEcho { base, port in
            let socket = try await RawWebSocket(port: port, path: "/echo")
            await socket.send(.text, Array("one".utf8))
            #expect(await socket.next() == .text(Array("one".utf8)))
            socket.connection.hangUp()
            let transcript = try #require(try await entry(base, path: "/echo")["websocket"] as? [String: Any])
            #expect(transcript["end"] as? String == "client gone")
            let listed = try await fetch(base, "/__standin/websockets").json()
            #expect((listed["websockets"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func requestsThatAskBadlyAreRefused() async throws {
        try await withEcho { base, port in
            let plain = try await fetch(base, "/echo")
            #expect(plain.status == 426)
            #expect(plain.header("Upgrade") == "websocket")
            let oldVersion = try RawConnection(port: port)
            await oldVersion.send(
                "GET /echo HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n\r\n"
            )
            let refused = await oldVersion.readThrough("}")
            #expect(refused.hasPrefix("HTTP/1.1 426"), "\(refused)")
            #expect(refused.contains("Sec-WebSocket-Version: 13"))
            let badKey = try RawConnection(port: port)
            await badKey.send(
                "GET /echo HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n\r\n"
            )
            #expect(await badKey.readThrough("}").hasPrefix("HTTP/1.1 400"))
        }
    }

    @Test func theAdminAPIListsPushesAndCloses() async throws {
        try await withEcho { base, port in
            let socket = try await RawWebSocket(port: port, path: "/echo")
            await socket.send(.text, Array("first".utf8))
            #expect(await socket.next() == .text(Array("first".utf8)))
            let listed = try #require(
                try await fetch(base, "/__standin/websockets").json()["websockets"] as? [[String: Any]]
            )
            #expect(listed.count == 1)
            let id = try #require(listed.first?["id"] as? Int)
            #expect(listed.first?["path"] as? String == "/echo")
            #expect(listed.first?["fixture"] as? String == "echo.json")
            #expect(
                (listed.first?["messages"] as? [[String: Any]])?.map { $0["from"] as? String } == ["client", "server"]
            )
            let pushed = try await fetch(
                base,
                "/__standin/websockets/\(id)/send",
                method: "POST",
                body: Data(#"{"json": {"type": "pushed"}}"#.utf8)
            )
            #expect(pushed.status == 200)
            #expect(await socket.next() == .text(Array(#"{"type":"pushed"}"#.utf8)))
            let binary = try await fetch(
                base,
                "/__standin/websockets/\(id)/send",
                method: "POST",
                body: Data(#"{"base64": "AAEC"}"#.utf8)
            )
            #expect(binary.status == 200)
            #expect(await socket.next() == .binary([0, 1, 2]))
            let closing = try await fetch(base, "/__standin/websockets/\(id)?code=4001&reason=test", method: "DELETE")
            #expect(closing.status == 200)
            let close = await socket.closeFrame()
            #expect(close?.code == 4001)
            #expect(close?.reason == "test")
            await socket.send(.close, [0x0F, 0xA1])
            #expect(try await fetch(base, "/__standin/websockets/\(id)?code=1000", method: "DELETE").status == 404)
            let badCode = try await fetch(base, "/__standin/websockets/1?code=1005", method: "DELETE")
            #expect(badCode.status == 400 || badCode.status == 404)
        }
    }

    @Test func openingAndDroppingManyLeavesNoConnectionBehind() async throws {
        try await withEcho { base, port in
            for round in 0..<200 {
                let socket = try await RawWebSocket(port: port, path: "/echo")
                #expect(socket.isOpen, "round \(round)")
                if round.isMultiple(of: 2) { await socket.sendRaw([0x81, 0xFF]) }
                socket.connection.hangUp()
            }
            let deadline = ContinuousClock.now + .seconds(10)
            var open = -1
            while ContinuousClock.now < deadline {
                open = (try await fetch(base, "/__standin/websockets").json()["websockets"] as? [Any])?.count ?? -1
                if open == 0 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(open == 0)
            #expect(try await fetch(base, "/plain").text == "0123456789")
        }
    }
}
