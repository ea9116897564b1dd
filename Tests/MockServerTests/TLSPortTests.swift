import Foundation
import MockServer
import ServerTestSupport
import Testing

/// The HTTPS port in process, so that the sanitizers watch the engine's TLS path: a request through curl, and
/// handshakes that clients abandon halfway.
@Suite struct TLSPortTests {
    @Test func curlIsAnsweredAndHalfHandshakesLeaveNoConnectionBehind() async throws {
        let folder = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = try await TestCertificate.make(in: folder, name: "localhost")
        var configuration = MockServerConfiguration(mocksDirectory: testMocks, accessLog: false, watch: false)
        configuration.tls = TLSSettings(
            port: 0,
            certificateFile: URL(fileURLWithPath: certificate.certificate),
            keyFile: URL(fileURLWithPath: certificate.key)
        )
        try await withRunningServer(configuration) { server async throws in
            let port = server.tlsPort
            #expect(port != 0 && port != server.port)
            let answer = try await runToCompletion(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["curl", "-sS", "--cacert", certificate.certificate, "https://localhost:\(port)/text"]
            )
            #expect(answer.output == "plain words", "\(answer.error)")
            // Each client sends the first bytes of a ClientHello and hangs up.
            let script = """
                import socket, sys
                port = int(sys.argv[1])
                hello = bytes.fromhex("160301020001")
                for _ in range(200):
                    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
                        connection.sendall(hello)
                print("done")
                """
            let abandoned = try await runToCompletion(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-c", script, "\(port)"],
                deadline: 120
            )
            #expect(abandoned.output.contains("done"), "\(abandoned.error)")
            let left = try await server.held { $0.connections == 0 }
            #expect(left.connections == 0, "connections left after 200 abandoned handshakes")
        }
    }
}
