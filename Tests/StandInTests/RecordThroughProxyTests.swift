import Foundation
import ServerTestSupport
import Testing

/// `record --proxy-port`: intercepted hosts recorded through the proxy from curl (`-x`), each request sent to its own
/// host, written under `recorded/<host>/` with `request.host`, with no secret on disk; then replayed by `serve
/// --proxy-port` with the backend stopped, giving the same answers over HTTP and HTTPS.
@Suite(.serialized) struct RecordThroughProxyTests {
    /// What a replay must give as the recording did: the body (its request id aside) and the status.
    private static func answer(_ result: (status: Int32, output: String, error: String)) -> String {
        result.output.replacing(#/"request_id":"[0-9a-f]+"/#, with: "")
    }

    @Test func interceptedHostsAreRecordedUnderTheirHostAndReplayedWithoutTheBackend() async throws {
        try await withFolder { folder in
            let mocks = folder.appending(path: "Mocks")
            let sample = StandInBinary.repositoryRoot.appending(path: "Mocks").path
            let backend = try await ServeProcess(["--mocks", sample, "--quiet", "--no-watch"])
            defer { backend.stop() }
            let recorder = try await ServeProcess(
                ["--mocks", mocks.path, "--proxy-port", "0", "--intercept", "localhost"],
                command: "record",
                environment: ["STANDIN_HOME": folder.appending(path: "recorder").path]
            )
            defer { recorder.stop() }
            let origin = "http://localhost:\(backend.port)"
            let status = ["-w", #"\n%{http_code}"#]
            let requests: [[String]] = [
                ["-H", "Authorization: Bearer secret-token-42", "\(origin)/user/info"],
                ["-p", "-H", "Authorization: Bearer secret-token-42", "\(origin)/user/info?lang=en"],
                ["\(origin)/jobs/7"], ["\(origin)/jobs/7"], ["\(origin)/jobs/7"],
            ]
            var recorded: [String] = []
            for request in requests {
                recorded.append(
                    Self.answer(try await curl(["-x", try #require(recorder.proxyURL)] + status + request))
                )
            }
            #expect(recorded[0].contains("Ada Lovelace") && recorded[0].hasSuffix("\n200"), "\(recorded)")
            #expect(recorded.suffix(3).map { $0.suffix(3) } == ["503", "503", "200"], "\(recorded)")
            let login = try await curl([
                "-x", try #require(recorder.proxyURL), "-H", "Content-Type: application/json", "-d",
                #"{"username":"ada","password":"hunter2-pass"}"#, "\(origin)/user/login",
            ])
            let token = try #require(login.output.firstMatch(of: #/tok_[0-9a-f-]+/#)).output
            let main = try await curl(["http://127.0.0.1:\(recorder.port)/user/info"])
            #expect(main.output.contains(#""code":502"#) && main.output.contains("no upstream"), "\(main)")
            #expect(await recorder.interrupt() == 0)
            #expect(recorder.text.contains("GET http://localhost/user/info 200 recorded/localhost/user/GET-user-info"))
            #expect(recorder.text.contains("recorded/localhost/jobs/GET-jobs-7.json"))
            #expect(recorder.text.contains("NOT RECORDED: no upstream for this port"))
            let files = try FileManager.default.subpathsOfDirectory(atPath: mocks.path).filter { $0.hasSuffix(".json") }
            #expect(files.allSatisfy { $0.hasPrefix("recorded/localhost/") }, "\(files)")
            for file in files {
                let text = try String(contentsOf: mocks.appending(path: file), encoding: .utf8)
                #expect(text.contains(#""host": "localhost""#), "\(file)")
                for secret in ["secret-token-42", "hunter2-pass", String(token)] {
                    #expect(!text.contains(secret), "\(file) holds \(secret)")
                }
            }
            #expect(await backend.interrupt() == 0)

            let replay = try await ServeProcess(
                [
                    "--mocks", mocks.path, "--no-watch", "--proxy-port", "0", "--intercept", "localhost", "--others",
                    "block",
                ],
                environment: ["STANDIN_HOME": folder.appending(path: "replay").path]
            )
            defer { replay.stop() }
            let proxy = try #require(replay.proxyURL)
            let ca = folder.appending(path: "replay/ca/ca.pem").path
            for (request, answer) in zip(requests, recorded) {
                #expect(Self.answer(try await curl(["-x", proxy] + status + request)) == answer, "\(request)")
            }
            // The same fixtures answer the host over HTTPS too, with a leaf of the replaying server's CA.
            let secure = try await curl(
                ["-x", proxy, "--cacert", ca] + status + [
                    "-H", "Authorization: Bearer other", "https://localhost/user/info",
                ]
            )
            #expect(Self.answer(secure) == recorded[0], "\(secure)")
            let replayedLogin = try await curl([
                "-x", proxy, "-H", "Content-Type: application/json", "-d",
                #"{"username":"ada","password":"hunter2-pass"}"#, "\(origin)/user/login",
            ])
            #expect(replayedLogin.output.contains(#""token":"<redacted>""#), "\(replayedLogin)")
        }
    }

    @Test func anHTTPSHostIsCalledOverHTTPSWithItsCertificateChecked() async throws {
        try await withFolder { folder in
            let sample = StandInBinary.repositoryRoot.appending(path: "Mocks").path
            let backend = try await ServeProcess(
                ["--mocks", sample, "--quiet", "--no-watch", "--tls-port", "0"],
                environment: ["STANDIN_HOME": folder.appending(path: "backend").path]
            )
            defer { backend.stop() }
            let tlsPort = try #require(backend.tlsPort)
            let mocks = folder.appending(path: "Mocks")
            var arguments = ["--mocks", mocks.path, "--proxy-port", "0", "--intercept", "localhost"]
            #if !canImport(FoundationNetworking)
            arguments += ["--upstream-ca", folder.appending(path: "backend/ca/ca.pem").path]
            #endif
            let recorder = try await ServeProcess(
                arguments,
                command: "record",
                environment: ["STANDIN_HOME": folder.appending(path: "recorder").path]
            )
            defer { recorder.stop() }
            let ping = try await curl([
                "-x", try #require(recorder.proxyURL), "--cacert", folder.appending(path: "recorder/ca/ca.pem").path,
                "https://localhost:\(tlsPort)/ping",
            ])
            #expect(await recorder.interrupt() == 0)
            #if canImport(FoundationNetworking)
            // URLSession on Linux trusts the system's store alone, which does not hold the backend's CA.
            #expect(ping.output.contains(#""code":502"#), "\(ping)")
            #expect(recorder.text.contains("GET https://localhost/ping 502"), "\(recorder.text)")
            #expect(recorder.text.contains("the upstream https://localhost:\(tlsPort) cannot be reached"))
            #expect(!FileManager.default.fileExists(atPath: mocks.appending(path: "recorded").path))
            #else
            #expect(ping.status == 0, "\(ping)")
            #expect(
                FileManager.default.fileExists(atPath: mocks.appending(path: "recorded/localhost/GET-ping.json").path)
            )
            #endif
        }
    }

    @Test func recordNeedsAnUpstreamOrAProxyWithInterceptedHosts() async throws {
        let neither = try await StandInBinary.run(["record"])
        #expect(neither.status != 0)
        #expect(neither.error.contains("record needs --upstream URL, or --proxy-port PORT with --intercept HOST"))
        let noHosts = try await StandInBinary.run(["record", "--proxy-port", "0"])
        #expect(noHosts.status != 0)
        #expect(noHosts.error.contains("--proxy-port in record needs --intercept HOST"))
        let open = try await StandInBinary.run([
            "record", "--proxy-port", "0", "--intercept", "a.test", "--host", "0.0.0.0",
        ])
        #expect(open.status != 0)
        #expect(open.error.contains("record --proxy-port listens on loopback only"))
        #if canImport(FoundationNetworking)
        let authority = try await StandInBinary.run(["record", "--upstream", "https://x.test", "--upstream-ca", "/x"])
        #expect(authority.status != 0)
        #expect(authority.error.contains("--upstream-ca is not available on this platform"))
        #endif
    }
}
