import Foundation
import ServerTestSupport
import Testing

/// Recording real backends with their real clients, then replaying to those clients with the backend gone: httpbin
/// with python-requests, and moto (AWS) with boto3, which checks every body's checksum.
@Suite(.serialized) struct InteropTests {
    @Test(.enabled("needs python3 with moto[server] and boto3", PythonBackend.motoIsThere))
    func boto3AcceptsWhatWasRecordedFromMoto() async throws {
        try await withFolder { mocks in
            let moto = try await onOwnThread { try PythonBackend.moto() }
            defer { moto.stop() }
            let recorder = try await ServeProcess(["--upstream", moto.url, "--mocks", mocks.path], command: "record")
            let recorded = try await PythonBackend.client("aws_roundtrip.py", ["http://127.0.0.1:\(recorder.port)"])
            #expect(await recorder.interrupt() == 0)
            moto.stop()
            #expect(recorded.contains("hello from boto3"))
            let replay = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { replay.stop() }
            let replayed = try await PythonBackend.client("aws_roundtrip.py", ["http://127.0.0.1:\(replay.port)"])
            #expect(replayed == recorded)
        }
    }

    @Test(.enabled("needs python3 with httpbin, gunicorn and requests", PythonBackend.httpbinIsThere))
    func theBackendSeesTheClientsHeadersExceptHost() async throws {
        try await withFolder { mocks in
            let httpbin = try await onOwnThread { try PythonBackend.httpbin() }
            defer { httpbin.stop() }
            let recorder = try await ServeProcess(
                ["--upstream", httpbin.url, "--mocks", mocks.path],
                command: "record"
            )
            defer { recorder.stop() }
            let direct = try headers(await PythonBackend.client("httpbin_client.py", ["headers", httpbin.url]))
            let proxied = try headers(
                await PythonBackend.client("httpbin_client.py", ["headers", "http://127.0.0.1:\(recorder.port)"])
            )
            #expect(direct["X-Custom"] == "kept")
            // Host is the backend's own; Connection belongs to the client's hop and is not passed on.
            let ownHop: Set = ["Host", "Connection", "Keep-Alive"]
            #expect(proxied.filter { !ownHop.contains($0.key) } == direct.filter { !ownHop.contains($0.key) })
            #expect(proxied["Accept-Encoding"] == direct["Accept-Encoding"])
            #expect(proxied["Accept-Language"] == nil, "nothing the client did not send")
        }
    }

    @Test(.enabled("needs python3 with httpbin, gunicorn and requests", PythonBackend.httpbinIsThere))
    func noSecretReachesTheFilesAndTheSameRequestsReplay() async throws {
        try await withFolder { mocks in
            let httpbin = try await onOwnThread { try PythonBackend.httpbin() }
            defer { httpbin.stop() }
            let recorder = try await ServeProcess(
                ["--upstream", httpbin.url, "--mocks", mocks.path],
                command: "record"
            )
            let recorded = try await PythonBackend.client(
                "httpbin_client.py",
                ["secrets", "http://127.0.0.1:\(recorder.port)"]
            )
            #expect(await recorder.interrupt() == 0)
            httpbin.stop()
            #expect(recorded == "[200, 302, 200, 200]")
            let written = try allBytes(under: mocks)
            #expect(written.range(of: Data("<redacted>".utf8)) != nil)
            for secret in [
                "tok-bearer-31337", "key-header-98765", "cookie-sid-24680", "hunter22-pw", "abcd1234-session",
                "qwerty-7788-access", "form-secret-5555",
            ] {
                #expect(written.range(of: Data(secret.utf8)) == nil, "\(secret) was written")
            }
            let replay = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { replay.stop() }
            let replayed = try await PythonBackend.client(
                "httpbin_client.py",
                ["secrets", "http://127.0.0.1:\(replay.port)"]
            )
            #expect(replayed == recorded)
        }
    }

    /// httpbin's `/status/418` answers a teapot with no Content-Type: recorded, it replays with none, so `drift`
    /// against httpbin finds nothing.
    @Test(.enabled("needs python3 with httpbin, gunicorn and requests", PythonBackend.httpbinIsThere))
    func aRecordingWithoutContentTypeReplaysWithoutOneAndDoesNotDrift() async throws {
        try await withFolder { mocks in
            let httpbin = try await onOwnThread { try PythonBackend.httpbin() }
            defer { httpbin.stop() }
            let recorder = try await ServeProcess(
                ["--upstream", httpbin.url, "--mocks", mocks.path, "--quiet"],
                command: "record"
            )
            let recorded = try await HTTPReply.fetch("http://127.0.0.1:\(recorder.port)/status/418")
            #expect(await recorder.interrupt() == 0)
            #expect(recorded.status == 418)
            #expect(recorded.headers["content-type"] == nil)
            let replay = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { replay.stop() }
            let replayed = try await HTTPReply.fetch("http://127.0.0.1:\(replay.port)/status/418")
            #expect(replayed.status == 418)
            #expect(replayed.headers["content-type"] == nil)
            #expect(replayed.body == recorded.body)
            let drift = try await StandInBinary.run(["drift", "--upstream", httpbin.url, "--mocks", mocks.path])
            #expect(drift.status == 0, "\(drift.output)\(drift.error)")
            #expect(drift.output.hasSuffix("1 same, 0 drifted, 0 unreachable, 0 skipped\n"), "\(drift.output)")
        }
    }

    private func headers(_ json: String) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    }
}
