import Foundation
import ServerTestSupport
import Testing

/// `standin record` in front of a real GraphQL server (strawberry-graphql on uvicorn), called by gql and requests:
/// every operation becomes a `graphql` fixture under `recorded/graphql/`, the password and the token stay off disk,
/// and the same calls replay with the server stopped.
@Suite(.serialized) struct GraphQLRecordInteropTests {
    private static let packages = PythonBackend.graphQLPackages

    /// Whether strawberry-graphql's ASGI app (on starlette) can run, found off the test threads; always true in CI
    /// (`CI=true`), where a missing package must fail the test rather than skip it.
    private static func strawberryIsThere() async -> Bool {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return await onOwnThread { FileManager.default.fileExists(atPath: "\(packages)/starlette") }
    }

    private static let password = "s3cret-gql-7731"
    private static let token = "tok-gql-5e6f7a8b9c"

    @Test(.enabled("needs strawberry-graphql, uvicorn and gql: run scripts/setup-interop.sh", strawberryIsThere))
    func strawberryRecordedAsGraphQLFixturesReplaysWithoutItAndNoSecretIsWritten() async throws {
        try await withFolder { mocks in
            let server = try await onOwnThread {
                try PythonBackend(["\(Self.interop)/graphql_server.py", "{port}"], pythonPath: Self.packages)
            }
            defer { server.stop() }
            let recorder = try await ServeProcess(
                ["--upstream", server.url, "--mocks", mocks.path],
                command: "record"
            )
            let recorded = try await PythonBackend.client(
                "graphql_record_client.py",
                ["http://127.0.0.1:\(recorder.port)/graphql"],
                pythonPath: Self.packages
            )
            #expect(await recorder.interrupt() == 0)
            server.stop()
            #expect(recorded.contains(Self.token), "the client got the real token while recording")
            #expect(recorder.text.contains("graphql=SignIn,GetUser RECORDED"), "\(recorder.text)")

            let folder = mocks.appendingPathComponent("recorded/graphql")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            let stems = names.map { $0.split(separator: "-").first.map(String.init) ?? $0 }
            #expect(stems.filter { $0 == "GetUser" }.count == 5, "ids 1 to 5, each its own file: \(names)")
            #expect(names.contains("ListUsers.json"), "no variables, no hash: \(names)")
            for stem in ["Login", "SignIn", "anonymous"] { #expect(stems.contains(stem), "\(names)") }
            #expect(names.count == 9, "\(names)")
            let written = try allBytes(under: mocks)
            #expect(written.range(of: Data(Self.password.utf8)) == nil, "the password reached a file")
            #expect(written.range(of: Data(Self.token.utf8)) == nil, "the token reached a file")
            #expect(written.range(of: Data("<redacted>".utf8)) != nil)

            let login = try #require(names.first { $0.hasPrefix("Login-") })
            let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(login)))
            let request = (fixture as? [String: Any])?["request"] as? [String: Any]
            #expect(request?["method"] == nil, "answers POST and GET")
            #expect(request?["path"] as? String == "/graphql")
            let graphQL = request?["graphql"] as? [String: Any]
            #expect(graphQL?["operationName"] as? String == "Login")
            #expect(graphQL?["variables"] as? [String: String] == ["username": "ada"], "the password is left out")

            let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
            #expect(check.status == 0, "\(check.output)\(check.error)")
            let replay = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { replay.stop() }
            let replayed = try await PythonBackend.client(
                "graphql_record_client.py",
                ["http://127.0.0.1:\(replay.port)/graphql"],
                pythonPath: Self.packages
            )
            #expect(replayed == recorded.replacingOccurrences(of: Self.token, with: "<redacted>"))
        }
    }

    private static let interop = StandInBinary.repositoryRoot.appendingPathComponent("Tests/Interop").path
}
