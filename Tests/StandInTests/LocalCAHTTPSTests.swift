import Foundation
import ServerTestSupport
import StandInClient
import Testing

/// `serve --tls-port` with StandIn's local CA, through real clients: curl and Python's `ssl` trusting `ca.pem` alone,
/// `openssl s_client` for the leaf a client's SNI name gets. Each test has a `STANDIN_HOME` of its own.
@Suite struct LocalCAHTTPSTests {
    static let sample = StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    @Test func clientsTrustingCAPemAloneGetTheFixturesAndTheSameCAServesAfterARestart() async throws {
        try await withHome { home in
            let caFile = home.appending(path: "ca/ca.pem").path
            var firstCA = ""
            try await withServer(home: home) { _, port in
                let trusted = try await curl(["--cacert", caFile, "https://localhost:\(port)/ping"])
                #expect(trusted.status == 0, "\(trusted.error)")
                #expect(trusted.output.contains("pong"), "\(trusted.output)")
                let untrusted = try await curl(["https://localhost:\(port)/ping"])
                #expect(untrusted.status == 60, "\(untrusted.error)")  // 60: the certificate cannot be verified
                let script = """
                    import ssl, sys, urllib.request
                    context = ssl.create_default_context(cafile=sys.argv[1])
                    print(urllib.request.urlopen(sys.argv[2], context=context, timeout=60).read().decode())
                    """
                let python = try await runToCompletion(
                    Self.env,
                    ["python3", "-c", script, caFile, "https://127.0.0.1:\(port)/__standin/health"],
                    deadline: 120
                )
                #expect(python.output.contains(#""status":"ok""#), "\(python.error)")
                firstCA = try String(contentsOfFile: caFile, encoding: .utf8)
            }
            try await withServer(home: home) { _, port in
                #expect(try String(contentsOfFile: caFile, encoding: .utf8) == firstCA)
                let again = try await curl(["--cacert", caFile, "https://127.0.0.1:\(port)/ping"])
                #expect(again.output.contains("pong"), "\(again.error)")
            }
        }
    }

    @Test func tlsNamesAreInTheServersLeafAndAnyOtherSNINameGetsALeafOfItsOwn() async throws {
        try await withHome { home in
            let caFile = home.appending(path: "ca/ca.pem").path
            try await withServer(home: home, ["--tls-name", "api.example.test"]) { _, port in
                for name in ["api.example.test", "payments.other.test"] {
                    let answer = try await curl([
                        "--cacert", caFile, "--resolve", "\(name):\(port):127.0.0.1", "https://\(name):\(port)/ping",
                    ])
                    #expect(answer.output.contains("pong"), "\(name): \(answer.error)")
                }
                let own = try await presented(port: port, serverName: "api.example.test")
                #expect(own.contains("DNS:localhost, IP Address:127.0.0.1"), "\(own)")
                #expect(own.contains("DNS:api.example.test"), "\(own)")
                let issued = try await presented(port: port, serverName: "payments.other.test")
                #expect(issued.contains("Subject: O = StandIn, CN = payments.other.test"), "\(issued)")
                #expect(issued.contains("DNS:payments.other.test"), "\(issued)")
                #expect(!issued.contains("DNS:localhost"), "\(issued)")
                // A name that is no DNS name gets the server's own leaf, not a new one.
                let odd = try await presented(port: port, serverName: "not_a_name")
                #expect(odd.contains("DNS:localhost"), "\(odd)")
            }
        }
    }

    @Test func theAdminAPIServesTheCAAndAProfileAndSessionsGetATLSBaseURL() async throws {
        try await withHome { home in
            let caFile = home.appending(path: "ca/ca.pem").path
            try await withServer(home: home) { server, _ in
                let pem = try await curl(["-sS", "http://127.0.0.1:\(server.port)/__standin/ca.pem"])
                #expect(pem.output == (try String(contentsOfFile: caFile, encoding: .utf8)))
                let profile = try await curl(["-sS", "-i", "http://127.0.0.1:\(server.port)/__standin/ca.mobileconfig"])
                #expect(profile.output.contains("Content-Type: application/x-apple-aspen-config"), "\(profile.output)")
                #expect(profile.output.contains("<string>com.apple.security.root</string>"), "\(profile.output)")
                let started = try await curl([
                    "-sS", "-X", "POST", "http://127.0.0.1:\(server.port)/__standin/sessions",
                ])
                let session = try #require(
                    try JSONSerialization.jsonObject(with: Data(started.output.utf8)) as? [String: Any]
                )
                let tlsBaseURL = try #require(session["tlsBaseURL"] as? String, "\(started.output)")
                #expect(tlsBaseURL.hasPrefix("https://127.0.0.1:"), "\(tlsBaseURL)")
                let answer = try await curl(["--cacert", caFile, "\(tlsBaseURL)/ping"])
                #expect(answer.output.contains("pong"), "\(answer.error)")
                let listed = try await curl(["-sS", "http://127.0.0.1:\(server.port)/__standin/sessions"])
                #expect(listed.output.contains(#""tlsBaseURL":"\#(tlsBaseURL)""#), "\(listed.output)")
                // StandInClient hands it on.
                let admin = StandInAdmin(baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")))
                let other = try await admin.startSession()
                #expect(other.tlsBaseURL?.scheme == "https")
                #expect(other.tlsBaseURL?.port != nil && other.tlsBaseURL?.port != other.baseURL.port)
            }
        }
    }

    @Test func caPathMakesTheCAAndAKeyOthersCanReadStopsTheServer() async throws {
        try await withHome { home in
            let path = try await StandInBinary.run(["ca", "path"], environment: ["STANDIN_HOME": home.path])
            #expect(path.status == 0, "\(path.error)")
            #expect(path.output == home.appending(path: "ca/ca.pem").path + "\n")
            let simulator = try await StandInBinary.run(
                ["ca", "trust", "--simulator", "booted"],
                environment: ["STANDIN_HOME": home.path]
            )
            // Simulators are on macOS: elsewhere the command is printed for the Mac.
            #expect(simulator.status == 1)
            #expect(simulator.error.contains("xcrun simctl keychain booted add-root-cert"), "\(simulator.error)")
            let key = home.appending(path: "ca/ca-key.pem").path
            chmod(key, 0o640)
            let refused = try await StandInBinary.run(
                ["serve", "--mocks", Self.sample, "--port", "0", "--tls-port", "0"],
                environment: ["STANDIN_HOME": home.path]
            )
            #expect(refused.status == 1)
            #expect(refused.error.contains("the CA key \(key) can be read by others (mode 640)"), "\(refused.error)")
        }
    }

    @Test func halfHandshakesLeaveTheServersDescriptorsAtBaselineAndATakenTLSPortIsNamed() async throws {
        try await withHome { home in
            try await withServer(home: home) { server, port in
                let descriptors = "/proc/\(server.process.processIdentifier)/fd"
                func open() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: descriptors).count) ?? -1 }
                let baseline = open()
                // 200 clients each send the first bytes of a ClientHello and hang up; 20 more hold theirs open.
                let script = """
                    import socket, sys
                    port = int(sys.argv[1])
                    hello = bytes.fromhex("160301020001")
                    for _ in range(200):
                        with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
                            connection.sendall(hello)
                    held = [socket.create_connection(("127.0.0.1", port), timeout=60) for _ in range(20)]
                    for connection in held:
                        connection.sendall(hello)
                    print("done")
                    """
                let clients = try await runToCompletion(Self.env, ["python3", "-c", script, "\(port)"], deadline: 120)
                #expect(clients.output.contains("done"), "\(clients.error)")
                // The held ones went away with the script: the count comes back to where it was.
                var now = open()
                for _ in 0..<600 where now != baseline {
                    try await Task.sleep(for: .milliseconds(100))
                    now = open()
                }
                #expect(now == baseline, "\(now) descriptors open, \(baseline) before")
                let taken = try await StandInBinary.run(
                    ["serve", "--mocks", Self.sample, "--port", "0", "--tls-port", "\(port)"],
                    environment: ["STANDIN_HOME": home.path]
                )
                #expect(taken.status == 1)
                #expect(taken.error.contains("cannot listen on 127.0.0.1:\(port): address in use"), "\(taken.error)")
            }
        }
    }

    @Test func aHandshakeHeldOpenIsCutAtTheReadTimeoutNotTheIdleTimeout() async throws {
        try await withHome { home in
            try await withServer(home: home, ["--read-timeout", "1"]) { _, port in
                // Half a ClientHello, then nothing: the server ends the connection once the read timeout passes.
                let script = """
                    import socket, sys, time
                    with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=60) as connection:
                        connection.sendall(bytes.fromhex("160301020001"))
                        start = time.monotonic()
                        print("closed" if connection.recv(4096) == b"" else "answered", round(time.monotonic() - start))
                    """
                let held = try await runToCompletion(Self.env, ["python3", "-c", script, "\(port)"], deadline: 120)
                #expect(held.output.hasPrefix("closed "), "\(held.output) \(held.error)")
                // Cut by the read timeout's sweep (1 s, swept every second), not the 60 s idle timeout.
                let seconds = Int(held.output.dropFirst("closed ".count).prefix { $0.isNumber }) ?? .max
                #expect(seconds < 30, "\(held.output)")
            }
        }
    }

    /// Runs `body` with a new, empty `STANDIN_HOME` folder, removed afterwards.
    private func withHome(_ body: (URL) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appending(path: "standin-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await body(home)
    }

    /// Serves the sample `Mocks/` with an HTTPS port on the local CA of `home`; runs `body` with the server and its
    /// HTTPS port; always stops the server.
    private func withServer(
        home: URL,
        _ arguments: [String] = [],
        _ body: (ServeProcess, Int) async throws -> Void
    ) async throws {
        let server = try await ServeProcess(
            ["--mocks", Self.sample, "--quiet", "--no-watch", "--tls-port", "0"] + arguments,
            environment: ["STANDIN_HOME": home.path]
        )
        defer { server.stop() }
        let port = try #require(
            try #/and https://127\.0\.0\.1:(\d+)/#.firstMatch(in: server.text).flatMap { Int($0.output.1) }
        )
        try await body(server, port)
    }

    private func curl(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
        try await runToCompletion(Self.env, ["curl", "-sS"] + arguments, deadline: 60)
    }

    /// `openssl x509 -text` of the certificate the HTTPS port presents to a client sending `serverName` by SNI.
    private func presented(port: Int, serverName: String) async throws -> String {
        let command =
            "openssl s_client -connect 127.0.0.1:\(port) -servername \(serverName) </dev/null 2>/dev/null"
            + " | openssl x509 -noout -text"
        return try await runToCompletion(URL(fileURLWithPath: "/bin/sh"), ["-c", command], deadline: 60).output
    }
}
