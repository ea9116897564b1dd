import Foundation
import MockServer
import ServerTestSupport
import StandInCA
import StandInFixtures
import Testing

/// The proxy port in process, so that the sanitizers watch its tunnels: clients that hang up at every stage of a
/// `CONNECT`, handshakes that never come or are garbage, and tunnels to a host that closes at once leave no
/// connection behind, and the server goes on answering.
@Suite struct ProxyBadInputTests {
    private func withProxy(
        fixtures: [String: String] = [:],
        _ body: (MockServer) async throws -> Void
    ) async throws {
        let mocks = try temporaryMocks(
            fixtures.merging([
                "ping.json": #"{"request": {"host": "api.example.com", "path": "/ping"}, "response": {"text": "pong"}}"#
            ]) { mine, _ in mine }
        )
        let home = try temporaryMocks([:])
        defer {
            try? FileManager.default.removeItem(at: mocks)
            try? FileManager.default.removeItem(at: home)
        }
        var configuration = MockServerConfiguration(mocksDirectory: mocks, accessLog: false, watch: false)
        configuration.proxy = ProxySettings(port: 0, localCA: try LocalCA.openOrCreate(in: home.appending(path: "ca")))
        try await withRunningServer(configuration, body)
    }

    @Test func brokenTunnelsLeaveNoConnectionBehind() async throws {
        try await withProxy { server in
            let port = server.proxyPort
            let plain = "GET /ping HTTP/1.1\r\nHost: api.example.com\r\n\r\n"
            for round in 0..<200 {
                let client = try RawConnection(port: port)
                #expect(await client.send("CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com\r\n\r\n"))
                switch round % 4 {
                case 0:
                    // Hangs up without a byte of TLS.
                    #expect(await client.readThrough("\r\n\r\n").hasPrefix("HTTP/1.1 200"))
                case 1:
                    // A TLS record header, then garbage.
                    #expect(await client.readThrough("\r\n\r\n").hasPrefix("HTTP/1.1 200"))
                    await client.send([22, 3, 1, 0, 5, 1, 2, 3, 4, 5, 6, 7, 8])
                case 2:
                    // Plain HTTP through the tunnel, answered, then gone.
                    #expect(await client.readThrough("\r\n\r\n").hasPrefix("HTTP/1.1 200"))
                    await client.send(plain)
                    #expect(await client.readThrough("pong").hasSuffix("pong"), "round \(round)")
                default:
                    // Gone before the answer.
                    break
                }
                client.hangUp()
            }
            // A tunnel passed to a host that closes at once: the server's own port, sent garbage.
            for _ in 0..<50 {
                let client = try RawConnection(port: port)
                await client.send("CONNECT 127.0.0.1:\(server.port) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(await client.readThrough("\r\n\r\n").hasPrefix("HTTP/1.1 200"))
                await client.send("NOT HTTP\r\n\r\n")
                _ = await client.readAll()
            }
            let held = try await server.held { $0.connections == 0 }
            #expect(held.connections == 0)
            let answer = try RawConnection(port: port)
            await answer.send("GET http://api.example.com/ping HTTP/1.1\r\nHost: api.example.com\r\n\r\n")
            #expect(await answer.readThrough("pong").hasSuffix("pong"))
        }
    }

    /// 8 MB through a passed tunnel to a client with a small receive buffer that reads nothing for half a second:
    /// more than the kernel's buffers hold waits in the tunnel, which stops reading the server at 256 KB, starts
    /// again as the client drains it, and every byte arrives, in order.
    @Test func aBigBodyCrossesAPassedTunnelWholeWhateverTheClientsPace() async throws {
        let size = 8 * 1024 * 1024
        let body = String(repeating: "0123456789abcdef", count: size / 16)
        let big = #"{"request": {"path": "/big"}, "response": {"text": "\#(body)"}}"#
        try await withProxy(fixtures: ["big.json": big]) { server in
            let client = try RawConnection(port: server.proxyPort, timeout: 30)
            var receiveBuffer: Int32 = 64 * 1024
            setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
            #expect(await client.send("CONNECT 127.0.0.1:\(server.port) HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(await client.readThrough("\r\n\r\n").hasPrefix("HTTP/1.1 200"))
            #expect(await client.send("GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            try await Task.sleep(for: .milliseconds(500))
            let answer = await client.readAll()
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(answer.split(separator: "\r\n\r\n", maxSplits: 1).last == Substring(body))
            let held = try await server.held { $0.connections == 0 }
            #expect(held.connections == 0)
        }
    }
}
