import Foundation
import ServerTestSupport
import Testing

/// `standin import har` with GraphQL in the capture, through the built binary: each operation becomes a `graphql`
/// fixture under `imported/har/graphql/` as `standin record` writes it, a batch one per operation, the password and
/// the token nowhere on disk, and the same requests replay.
@Suite struct ImportHARGraphQLTests {
    private static let getUser = "query GetUser($id: ID!) { user(id: $id) { id name } }"
    private static let login =
        "mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { token } }"

    /// `{"query": …, "variables": …}`.
    private static func operation(_ document: String, _ variables: String) -> String {
        #"{"query": \#(quoted(document)), "variables": \#(variables)}"#
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }

    /// The requests of the capture (JSON), each with the answer the backend gave it.
    private static let exchanges: [(request: String, answer: String)] = [
        (operation(getUser, #"{"id": "1"}"#), #"{"data": {"user": {"id": "1", "name": "Ada"}}}"#),
        (
            operation(login, #"{"username": "ada", "password": "har-pw-3141"}"#),
            #"{"data": {"login": {"token": "tok-har-2718"}}}"#
        ),
        (
            "[" + operation(getUser, #"{"id": "2"}"#) + #", {"query": "query ListUsers { users { id } }"}]"#,
            #"[{"data": {"user": {"id": "2", "name": "Grace"}}}, {"data": {"users": [{"id": "1"}, {"id": "2"}]}}]"#
        ),
    ]

    /// JSON text with its keys sorted and no spaces: two answers compare equal when their values do.
    private static func normalized(_ json: Data) throws -> String {
        let value = try JSONSerialization.jsonObject(with: json)
        return String(
            decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]),
            as: UTF8.self
        )
    }

    private static func har() -> String {
        let entries = exchanges.map { exchange in
            """
            {"request": {"method": "POST", "url": "https://api.test/graphql", "headers": [],
                         "postData": {"mimeType": "application/json", "text": \(quoted(exchange.request))}},
             "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
                          "content": {"mimeType": "application/json", "text": \(quoted(exchange.answer))}}}
            """
        }
        return #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["#
            + entries.joined(separator: ",\n") + "]}}"
    }

    @Test func graphQLEntriesAndABatchBecomeGraphQLFixturesThatReplay() async throws {
        try await withFolder { folder in
            let har = folder.appendingPathComponent("app.har")
            try writeFile(Self.har(), to: har)
            let mocks = folder.appendingPathComponent("Mocks")
            let imported = try await StandInBinary.run(["import", "har", har.path, "--mocks", mocks.path])
            #expect(imported.status == 0, "\(imported.error)")
            // As docs/graphql-recording.md shows it.
            #expect(
                imported.output == #"""
                    METHOD    PATH      MATCH                             STATUS  VARIANTS  FIXTURE
                    POST|GET  /graphql  graphql GetUser {"id":"2"}        200     -         imported/har/graphql/GetUser-a1dd979d.json
                    POST|GET  /graphql  graphql GetUser {"id":"1"}        200     -         imported/har/graphql/GetUser-ea5fbbe0.json
                    POST|GET  /graphql  graphql ListUsers                 200     -         imported/har/graphql/ListUsers.json
                    POST|GET  /graphql  graphql Login {"username":"ada"}  200     -         imported/har/graphql/Login-15594c2d.json
                    4 fixture(s) written to imported/har, 0 warning(s).

                    """#
            )
            let names = try FileManager.default.contentsOfDirectory(
                atPath: mocks.appendingPathComponent("imported/har/graphql").path
            )
            #expect(names.filter { $0.hasPrefix("GetUser-") }.count == 2, "\(names)")
            let written = try allBytes(under: mocks)
            #expect(written.range(of: Data("har-pw-3141".utf8)) == nil, "the password reached a file")
            #expect(written.range(of: Data("tok-har-2718".utf8)) == nil, "the token reached a file")
            let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
            #expect(check.status == 0, "\(check.output)")

            let serve = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { serve.stop() }
            for exchange in Self.exchanges {
                let replay = try await HTTPReply.fetch(
                    "http://127.0.0.1:\(serve.port)/graphql",
                    method: "POST",
                    headers: ["Content-Type": "application/json"],
                    body: Data(exchange.request.utf8)
                )
                #expect(replay.status == 200)
                let expected = exchange.answer.replacingOccurrences(of: "tok-har-2718", with: "<redacted>")
                #expect(try Self.normalized(replay.body) == Self.normalized(Data(expected.utf8)))
            }
        }
    }
}
