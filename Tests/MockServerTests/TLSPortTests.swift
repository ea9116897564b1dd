import Foundation
import MockServer
import ServerTestSupport
import Testing

/// The HTTPS port in process, so that the sanitizers watch the engine's TLS path: a request through curl, replies
/// below, at and above a TLS record's size on one connection, and handshakes that clients abandon halfway.
@Suite struct TLSPortTests {
    @Test func repliesSmallerAndLargerThanARecordArriveWholeOnOneConnection() async throws {
        // Each reply is gathered into one record of at most 16 KiB; the rest of a larger one follows as it lies.
        let sizes = ["small": 11, "record": 16_384 - 200, "large": 100_003]
        let characters = Array("0123456789abcdefghij")
        let bodies = sizes.mapValues { count in String((0..<count).map { _ in characters.randomElement()! }) }
        let folder = try temporaryMocks(
            bodies.reduce(into: [:]) { files, body in
                files["\(body.key).json"] =
                    #"{"request": {"path": "/\#(body.key)"}, "response": {"text": "\#(body.value)"}}"#
            }
        )
        let keys = try temporaryMocks([:])
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: keys)
        }
        let certificate = try await TestCertificate.make(in: keys, name: "localhost")
        var configuration = MockServerConfiguration(mocksDirectory: folder, accessLog: false, watch: false)
        configuration.tls = TLSSettings(
            port: 0,
            certificateFile: URL(fileURLWithPath: certificate.certificate),
            keyFile: URL(fileURLWithPath: certificate.key)
        )
        try await withRunningServer(configuration) { server async throws in
            let order = ["small", "large", "record", "small", "large"]
            let answer = try await runToCompletion(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["curl", "-sS", "--cacert", certificate.certificate]
                    + order.map { "https://localhost:\(server.tlsPort)/\($0)" }
            )
            #expect(answer.error.isEmpty, "\(answer.error)")
            let expected = order.map { bodies[$0]! }.joined()
            #expect(answer.output.count == expected.count)
            #expect(answer.output == expected)
        }
    }

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
