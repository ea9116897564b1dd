import Foundation
import MockServer
import ServerTestSupport
import StandInCA
import Testing

/// The HTTPS port in process, so that the sanitizers watch the engine's TLS path: a request through curl, replies
/// below, at and above a TLS record's size on one connection, handshakes that clients abandon halfway, and leaves
/// issued by SNI name on two loops at once.
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

    @Test func clientsOnTwoLoopsGetLeavesForTheirSNINamesFromTheLocalCA() async throws {
        let home = FileManager.default.temporaryDirectory.appending(path: "standin-ca-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let ca = try LocalCA.openOrCreate(in: home.appending(path: "ca"))
        var configuration = MockServerConfiguration(
            mocksDirectory: testMocks,
            threads: 2,
            accessLog: false,
            watch: false
        )
        configuration.tls = TLSSettings(port: 0, certificate: .localCA(ca, names: []))
        let caFile = home.appending(path: "ca/ca.pem").path
        try await withRunningServer(configuration) { server async throws in
            let port = server.tlsPort
            // Twelve names, each asked for by three clients at once: the leaves are issued while handshakes run.
            let script = """
                import socket, ssl, sys
                from concurrent.futures import ThreadPoolExecutor
                port, cafile = int(sys.argv[1]), sys.argv[2]
                def fetch(index):
                    name = f"host{index % 12}.example.test"
                    context = ssl.create_default_context(cafile=cafile)
                    with socket.create_connection(("127.0.0.1", port), timeout=60) as raw:
                        with context.wrap_socket(raw, server_hostname=name) as tls:
                            subject = dict(item[0] for item in tls.getpeercert()["subject"])
                            tls.sendall(f"GET /text HTTP/1.1\\r\\nHost: {name}\\r\\nConnection: close\\r\\n\\r\\n".encode())
                            answer = b""
                            while chunk := tls.recv(4096):
                                answer += chunk
                            return subject.get("commonName") == name and answer.endswith(b"plain words")
                with ThreadPoolExecutor(8) as pool:
                    print(sum(pool.map(fetch, range(36))))
                """
            let result = try await runToCompletion(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-c", script, "\(port)", caFile],
                deadline: 120
            )
            #expect(result.output == "36\n", "\(result.error)")
        }
    }
}
