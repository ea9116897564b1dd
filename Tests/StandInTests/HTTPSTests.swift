import Foundation
import ServerTestSupport
import Testing

/// `serve --tls-port` with a certificate of the user's own, through real clients: curl, Python's `ssl` and
/// `openssl s_client`. The certificates are made for each test with the `openssl` command line (P-256, SAN
/// `localhost` and `127.0.0.1`), self-signed, so each is its own trust anchor.
@Suite struct HTTPSTests {
    static let sample = StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    @Test func curlTrustingTheCertificateGetsTheFixturesAndCurlWithoutItRefuses() async throws {
        try await withHTTPS { server, port, certificate in
            let trusted = try await runToCompletion(
                Self.env,
                ["curl", "-sS", "--cacert", certificate.certificate, "https://localhost:\(port)/ping"]
            )
            #expect(trusted.status == 0, "\(trusted.error)")
            #expect(trusted.output.contains("pong"), "\(trusted.output)")
            // The plain port serves the same fixtures.
            let plain = try await runToCompletion(Self.env, ["curl", "-sS", "http://127.0.0.1:\(server.port)/ping"])
            #expect(plain.output == trusted.output)
            let untrusted = try await runToCompletion(Self.env, ["curl", "-sS", "https://localhost:\(port)/ping"])
            // 60: the peer's certificate cannot be verified.
            #expect(untrusted.status == 60, "\(untrusted.error)")
        }
    }

    @Test func pythonVerifyingAgainstTheCertificateAloneGetsTheAdminAPI() async throws {
        try await withHTTPS { _, port, certificate in
            let script = """
                import ssl, sys, urllib.request
                context = ssl.create_default_context(cafile=sys.argv[1])
                print(urllib.request.urlopen(sys.argv[2], context=context, timeout=60).read().decode())
                """
            let result = try await runToCompletion(
                Self.env,
                ["python3", "-c", script, certificate.certificate, "https://127.0.0.1:\(port)/__standin/health"],
                deadline: 120
            )
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains(#""status":"ok""#), "\(result.output)")
        }
    }

    @Test func handshakesSpeakTLS12And13WithECDHEAndALPNHTTP11() async throws {
        try await withHTTPS { _, port, _ in
            let tls12 = try await handshake(port, ["-tls1_2", "-alpn", "http/1.1"])
            #expect(tls12.contains("Protocol  : TLSv1.2"), "\(tls12)")
            #expect(tls12.contains("Cipher is ECDHE-"), "\(tls12)")
            #expect(tls12.contains("ALPN protocol: http/1.1"), "\(tls12)")
            let tls13 = try await handshake(port, ["-tls1_3"])
            #expect(tls13.contains("New, TLSv1.3"), "\(tls13)")
            // A suite without ECDHE is not offered: the handshake fails.
            let plainRSA = try await handshake(port, ["-tls1_2", "-cipher", "AES128-GCM-SHA256"])
            #expect(plainRSA.contains("Cipher is (NONE)"), "\(plainRSA)")
        }
    }

    @Test func aClientResumesItsSessionUnlessResumptionIsTurnedOff() async throws {
        for (flags, resumes) in [([String](), true), (["--tls-no-resumption"], false)] {
            try await withHTTPS(flags) { _, port, _ in
                for version in ["-tls1_2", "-tls1_3"] {
                    let second = try await secondHandshake(port, version)
                    #expect(second.contains("Reused, TLSv1.") == resumes, "\(flags) \(version): \(second)")
                }
            }
        }
    }

    @Test func plainHTTPAndGarbageOnTheTLSPortEndThereAndTheServerGoesOn() async throws {
        try await withHTTPS { _, port, certificate in
            let script = """
                import socket, sys
                for junk in (b"GET /ping HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n", bytes(range(256)) * 4):
                    with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=60) as connection:
                        connection.sendall(junk)
                        while connection.recv(4096):
                            pass
                print("closed")
                """
            let junk = try await runToCompletion(Self.env, ["python3", "-c", script, "\(port)"], deadline: 120)
            #expect(junk.output.contains("closed"), "\(junk.error)")
            let after = try await runToCompletion(
                Self.env,
                ["curl", "-sS", "--cacert", certificate.certificate, "https://localhost:\(port)/ping"]
            )
            #expect(after.output.contains("pong"), "\(after.error)")
        }
    }

    @Test func recordTakesItsRequestsOverHTTPSAndWritesThemAsOverHTTP() async throws {
        let folder = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = try await TestCertificate.make(in: folder, name: "localhost")
        let backend = try await ServeProcess(["--mocks", Self.sample, "--quiet", "--no-watch"])
        defer { backend.stop() }
        let mocks = folder.appendingPathComponent("Mocks")
        let recorder = try await ServeProcess(
            [
                "--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", mocks.path, "--tls-port", "0",
                "--tls-cert", certificate.certificate, "--tls-key", certificate.key,
            ],
            command: "record"
        )
        let port = try #require(
            try #/and https://127\.0\.0\.1:(\d+)/#.firstMatch(in: recorder.text).flatMap { Int($0.output.1) }
        )
        let answer = try await runToCompletion(
            Self.env,
            ["curl", "-sS", "--cacert", certificate.certificate, "https://localhost:\(port)/ping"]
        )
        #expect(answer.output.contains("pong"), "\(answer.error)")
        #expect(await recorder.interrupt() == 0)
        #expect(recorder.text.contains(#/GET /ping 200 recorded/\S+\.json \d+\.\d\dms RECORDED/#), "\(recorder.text)")
    }

    @Test func aMissingFileOrAKeyOfAnotherCertificateIsASentenceNamingTheFile() async throws {
        let folder = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await TestCertificate.make(in: folder, name: "first")
        let second = try await TestCertificate.make(in: folder, name: "second")
        let missing = folder.appendingPathComponent("missing.pem").path
        func serve(_ certificate: String, _ key: String) async throws -> (status: Int32, error: String) {
            let result = try await StandInBinary.run([
                "serve", "--mocks", Self.sample, "--port", "0", "--tls-port", "0", "--tls-cert", certificate,
                "--tls-key", key,
            ])
            return (result.status, result.error)
        }
        let noFile = try await serve(missing, first.key)
        #expect(noFile.status == 1)
        #expect(noFile.error.contains("cannot read \(missing): there is no such file"), "\(noFile.error)")
        let mismatched = try await serve(first.certificate, second.key)
        #expect(mismatched.status == 1)
        #expect(
            mismatched.error.contains(
                "the key in \(second.key) does not match the certificate in \(first.certificate)"
            ),
            "\(mismatched.error)"
        )
        let notPEM = try await serve(first.certificate, Self.sample + "/../README.md")
        #expect(notPEM.status == 1)
        #expect(notPEM.error.contains("holds no PEM private key"), "\(notPEM.error)")
        let withoutKey = try await StandInBinary.run([
            "serve", "--mocks", Self.sample, "--tls-port", "0", "--tls-cert", first.certificate,
        ])
        #expect(withoutKey.status != 0)
        #expect(withoutKey.error.contains("--tls-cert and --tls-key go together"), "\(withoutKey.error)")
    }

    /// Serves the sample `Mocks/` with an HTTPS port on a new certificate, and `flags`; runs `body` with the server,
    /// the HTTPS port and the certificate; always stops the server.
    private func withHTTPS(
        _ flags: [String] = [],
        _ body: (ServeProcess, Int, TestCertificate) async throws -> Void
    ) async throws {
        let folder = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = try await TestCertificate.make(in: folder, name: "localhost")
        let server = try await ServeProcess(
            [
                "--mocks", Self.sample, "--quiet", "--no-watch", "--tls-port", "0", "--tls-cert",
                certificate.certificate,
                "--tls-key", certificate.key,
            ] + flags
        )
        defer { server.stop() }
        let port = try #require(
            try #/and https://127\.0\.0\.1:(\d+)/#.firstMatch(in: server.text).flatMap { Int($0.output.1) }
        )
        try await body(server, port, certificate)
    }

    /// What `openssl s_client` prints of a second connection to the HTTPS port with `version` (`-tls1_2`,
    /// `-tls1_3`) that offers the session of a first one, which sent a request (so that TLS 1.3's tickets were read).
    private func secondHandshake(_ port: Int, _ version: String) async throws -> String {
        let session = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).pem")
        defer { try? FileManager.default.removeItem(at: session) }
        let request = #"printf 'GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'"#
        let client = "openssl s_client -connect 127.0.0.1:\(port) \(version) -ign_eof"
        let first = "\(request) | \(client) -sess_out \(session.path) >/dev/null 2>&1"
        let result = try await runToCompletion(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "\(first); \(request) | \(client) -sess_in \(session.path)"]
        )
        return result.output + result.error
    }

    /// What `openssl s_client` prints of a handshake with the HTTPS port, with `options`.
    private func handshake(_ port: Int, _ options: [String]) async throws -> String {
        let command = (["openssl", "s_client", "-connect", "127.0.0.1:\(port)"] + options).joined(separator: " ")
        let result = try await runToCompletion(URL(fileURLWithPath: "/bin/sh"), ["-c", "\(command) </dev/null"])
        return result.output + result.error
    }
}
