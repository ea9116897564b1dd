import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `standin record` as a user runs it: in front of a `standin serve` playing the real backend.
@Suite struct RecordCommandTests {
    @Test func recordWritesFixturesLogsEachRequestAndPrintsASummary() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "standin-rec-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path
        let backend = try await ServeProcess(["--mocks", sample, "--quiet", "--no-watch"])
        defer { backend.stop() }
        let mocks = directory.appendingPathComponent("Mocks")
        let recorder = try await ServeProcess(
            [
                "--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", mocks.path,
                "--redact-header", "X-Device", "--ignore-query", "nonce",
            ],
            command: "record"
        )
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(recorder.port)/user/info?nonce=1")!)
        request.setValue("Bearer secret-token-42", forHTTPHeaderField: "Authorization")
        request.setValue("device-secret-7", forHTTPHeaderField: "X-Device")
        let (data, response) = try await URLSession.shared.exchange(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("Ada Lovelace"))
        _ = try await URLSession.shared.exchange(for: request)
        #expect(try await recorder.printed("GET /user/info 200 .* UNCHANGED"))
        #expect(await recorder.interrupt() == 0)
        #expect(recorder.text.contains(#/GET /user/info 200 recorded/user/GET-user-info\.json \d+\.\d\dms RECORDED/#))
        #expect(recorder.text.contains(#/GET /user/info 200 recorded/user/GET-user-info\.json \d+\.\d\dms UNCHANGED/#))
        #expect(
            recorder.text.contains("1 endpoint(s): 1 new, 0 updated, 0 unchanged file(s) in \(mocks.path)/recorded")
        )
        let file = mocks.appendingPathComponent("recorded/user/GET-user-info.json")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains("Ada Lovelace"))
        #expect(!written.contains("secret-token-42"))
        #expect(!written.contains("device-secret-7"))
        #expect(!written.contains("nonce"))
        let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test func missingModeServesHandWrittenFixturesAndSaysSo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "standin-rec-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeFile(
            #"{ "request": { "path": "/mine" }, "response": { "text": "mine" } }"#,
            to: directory.appendingPathComponent("mine.json")
        )
        let sample = StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path
        let backend = try await ServeProcess(["--mocks", sample, "--quiet", "--no-watch"])
        defer { backend.stop() }
        let recorder = try await ServeProcess(
            ["--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", directory.path, "--mode", "missing"],
            command: "record"
        )
        let (mine, _) = try await URLSession.shared.exchange(
            from: URL(string: "http://127.0.0.1:\(recorder.port)/mine")!
        )
        #expect(String(decoding: mine, as: UTF8.self) == "mine")
        _ = try await URLSession.shared.exchange(from: URL(string: "http://127.0.0.1:\(recorder.port)/ping")!)
        #expect(try await recorder.printed("GET /ping 200 .* RECORDED"))
        #expect(await recorder.interrupt() == 0)
        #expect(recorder.text.contains(#/GET /mine 200 mine\.json \d+\.\d\dms SERVED/#))
        #expect(recorder.text.contains(#/GET /ping 200 recorded/GET-ping\.json \d+\.\d\dms RECORDED/#))
    }

    @Test func recordNeedsAnHTTPUpstreamAndASafeFolder() async throws {
        let noUpstream = try await StandInBinary.run(["record", "--upstream", "ftp://example.com"])
        #expect(noUpstream.status != 0)
        #expect(noUpstream.error.contains("--upstream must be an http or https URL"))
        let escaping = try await StandInBinary.run(["record", "--upstream", "http://example.com", "--into", "../out"])
        #expect(escaping.status != 0)
        #expect(escaping.error.contains("--into must be a folder inside --mocks"))
    }

    #if canImport(FoundationNetworking)
    @Test func insecureIsRefusedWhereURLSessionCannotSkipCertificateChecks() async throws {
        let result = try await StandInBinary.run(["record", "--upstream", "https://example.com", "--insecure"])
        #expect(result.status != 0)
        #expect(result.error.contains("--insecure is not available on this platform"))
    }
    #endif
}
