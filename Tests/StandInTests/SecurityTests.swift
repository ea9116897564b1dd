import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Claims of docs/SECURITY.md that only the whole program, or the repository, can show.
@Suite struct SecurityTests {
    /// An HTTPS backend with a self-signed certificate, served by Python's `http.server` on a free port.
    private final class UntrustedBackend {
        let process = ChildProcess()
        let port: Int
        private let directory: URL

        /// Makes a certificate and starts the server, waiting for both on a thread of their own.
        init() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
            self.directory = directory
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try await onOwnThread { try Self.makeCertificate(in: directory) }
            let script = """
                import http.server, ssl, sys
                server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain("cert.pem", "key.pem")
                server.socket = context.wrap_socket(server.socket, server_side=True)
                print(server.server_address[1], flush=True)
                server.serve_forever()
                """
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script]
            process.currentDirectoryURL = directory
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = await onOwnThread { String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
            port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }

        /// Writes a self-signed `cert.pem` and its `key.pem` into `directory`.
        private static func makeCertificate(in directory: URL) throws {
            let certificate = ChildProcess()
            certificate.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            certificate.arguments = [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-keyout", directory.appendingPathComponent("key.pem").path,
                "-out", directory.appendingPathComponent("cert.pem").path,
            ]
            certificate.standardError = FileHandle.nullDevice
            try certificate.run()
            certificate.waitUntilExit()
        }

        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    private static let canServeTLS =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    @Test(.enabled(if: canServeTLS, "needs openssl and python3 to run an HTTPS backend"))
    func recordRefusesABackendWhoseCertificateIsNotTrusted() async throws {
        let backend = try await UntrustedBackend()
        try #require(backend.port > 0)
        let mocks = FileManager.default.temporaryDirectory.appendingPathComponent("tls-mocks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: mocks) }
        let recorder = try await ServeProcess(
            ["--upstream", "https://127.0.0.1:\(backend.port)", "--mocks", mocks.path],
            command: "record"
        )
        let (data, response) = try await URLSession.shared.exchange(
            from: URL(string: "http://127.0.0.1:\(recorder.port)/README.md")!
        )
        #expect((response as? HTTPURLResponse)?.statusCode == 502)
        #expect(String(decoding: data, as: UTF8.self).contains("\"code\":502"))
        #expect(await recorder.interrupt() == 0)
        withExtendedLifetime(backend) {}
        let written = FileManager.default.enumerator(atPath: mocks.path)?.allObjects ?? []
        #expect(written.isEmpty, "\(written)")
    }

    @Test func theDockerImageRunsAsANonRootUser() throws {
        let dockerfile = try String(
            contentsOf: StandInBinary.repositoryRoot.appendingPathComponent("Docker/Dockerfile"),
            encoding: .utf8
        )
        let runtimeStage = try #require(dockerfile.components(separatedBy: "\nFROM ").last)
        let users = runtimeStage.split(separator: "\n").filter { $0.hasPrefix("USER ") }
        #expect(users.count == 1)
        let user = try #require(users.last?.dropFirst("USER ".count))
        #expect(user != "root" && user != "0")
        #expect(runtimeStage.contains("useradd --uid 10001"))
        #expect(runtimeStage.contains("CMD") || runtimeStage.contains("ENTRYPOINT"))
    }
}
