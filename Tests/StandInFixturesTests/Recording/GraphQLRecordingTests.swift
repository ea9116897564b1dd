import Foundation
import NetworkCore
import StandInFixtures
import Testing

/// GraphQL exchanges recorded as `graphql` fixtures under `graphql/`, named by operation, matched on its name and
/// variables (secrets left out), batches split by operation; replayed in process by `MockRegistry`.
@Suite struct GraphQLRecordingTests {
    private static let getUser = "query GetUser($id: ID!) { user(id: $id) { id name } }"
    private static let login =
        "mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { token } }"

    /// A POST of `operation` (a JSON object, or an array for a batch), answered with `answer`.
    private static func post(_ operation: String, answer: String, status: Int = 200) -> RecordedExchange {
        RecordedExchange(
            method: "POST",
            path: "/graphql",
            requestHeaders: [("Content-Type", "application/json")],
            requestBody: Array(operation.utf8),
            status: status,
            responseHeaders: [("Content-Type", "application/json")],
            responseBody: Array(answer.utf8)
        )
    }

    /// `{"query": …, "variables": …}` as JSON text.
    private static func operation(_ document: String, _ variables: String? = nil, name: String? = nil) -> String {
        var members = [#""query":\#(quoted(document))"#]
        if let name { members.append(#""operationName":\#(quoted(name))"#) }
        if let variables { members.append(#""variables":\#(variables)"#) }
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func quoted(_ text: String) -> String {
        JSONNode(.string(text)).compactString
    }

    private func withRecording(
        _ exchanges: [RecordedExchange],
        _ body: (URL, [RecordingOutcome], MockRegistry) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graphql-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = FixtureRecorder(mocksDirectory: directory, into: "recorded", rules: RecordingRules())
        var outcomes: [RecordingOutcome] = []
        for exchange in exchanges { outcomes.append(try await recorder.record(exchange)) }
        try await body(directory, outcomes, try MockRegistry(directory: directory))
    }

    private func send(_ registry: MockRegistry, _ exchange: RecordedExchange) async throws -> TransportResponse {
        var fields = HTTPFields()
        for header in exchange.requestHeaders {
            fields.append(HTTPField(name: .init(header.name)!, value: header.value))
        }
        let head = HTTPRequest(
            method: .init(exchange.method)!,
            scheme: "https",
            authority: "api",
            path: exchange.path + (exchange.rawQuery.map { "?" + $0 } ?? ""),
            headerFields: fields
        )
        return try await registry.send(TransportRequest(head: head, body: Data(exchange.requestBody)))
    }

    private func json(_ directory: URL, _ id: String) throws -> JSONNode {
        try JSONParser.parse(Array(try Data(contentsOf: directory.appendingPathComponent(id))))
    }

    private func allText(under directory: URL) -> String {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var text = ""
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path) {
                text += String(decoding: data, as: UTF8.self)
            }
        }
        return text
    }

    @Test func anOperationBecomesAGraphQLFixtureNamedByItsOperation() async throws {
        let exchanges = [
            Self.post(
                Self.operation(Self.getUser, #"{"id":"42"}"#),
                answer: #"{"data":{"user":{"id":"42","name":"Ada"}}}"#
            ),
            Self.post(
                Self.operation("query ListUsers { users { id } }"),
                answer: #"{"data":{"users":[{"id":"42"}]}}"#
            ),
        ]
        try await withRecording(exchanges) { directory, outcomes, _ in
            #expect(outcomes[0].fixtureID.hasPrefix("recorded/graphql/GetUser-"), "variables: a hash")
            #expect(outcomes[0].fixtureID.count == "recorded/graphql/GetUser-12345678.json".count)
            #expect(outcomes[0].graphQLOperations == ["GetUser"])
            #expect(outcomes[1].fixtureID == "recorded/graphql/ListUsers.json", "the name alone: no hash")
            let written = try String(
                contentsOf: directory.appendingPathComponent(outcomes[0].fixtureID),
                encoding: .utf8
            )
            #expect(
                written == """
                    {
                      "request": {
                        "path": "/graphql",
                        "graphql": {
                          "operationName": "GetUser",
                          "variables": {
                            "id": "42"
                          }
                        }
                      },
                      "response": {
                        "status": 200,
                        "headers": {
                          "Content-Type": "application/json"
                        },
                        "graphql": {
                          "data": {
                            "user": {
                              "id": "42",
                              "name": "Ada"
                            }
                          }
                        }
                      }
                    }

                    """
            )
        }
    }

    @Test func theSameOperationWithOtherVariablesGetsAFileOfItsOwnAndBothReplayByPostAndGet() async throws {
        let exchanges = ["1", "2"].map { id in
            Self.post(
                Self.operation(Self.getUser, #"{"id":"\#(id)"}"#),
                answer: #"{"data":{"user":{"id":"\#(id)"}}}"#
            )
        }
        try await withRecording(exchanges) { _, outcomes, registry in
            #expect(outcomes[0].fixtureID != outcomes[1].fixtureID)
            #expect(outcomes.allSatisfy { $0.label == .recorded })
            for (exchange, id) in zip(exchanges, ["1", "2"]) {
                let answer = try JSONParser.parse(Array(try await send(registry, exchange).body))
                #expect(answer["data"]?["user"]?["id"]?.stringValue == id)
            }
            let variables = #"{"id":"2"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let document = Self.getUser.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let get = RecordedExchange(
                method: "GET",
                path: "/graphql",
                rawQuery: "query=\(document)&variables=\(variables)",
                status: 0
            )
            let answer = try JSONParser.parse(Array(try await send(registry, get).body))
            #expect(answer["data"]?["user"]?["id"]?.stringValue == "2")
        }
    }

    @Test func aPasswordInVariablesAndATokenInTheAnswerNeverReachDiskAndTheLoginStillReplays() async throws {
        let login = Self.post(
            Self.operation(Self.login, #"{"username":"ada","password":"s3cret-pw-1"}"#),
            answer: #"{"data":{"login":{"token":"tok-1a2b3c4d"}}}"#
        )
        try await withRecording([login]) { directory, outcomes, registry in
            let written = allText(under: directory)
            #expect(!written.contains("s3cret-pw-1"), "\(written)")
            #expect(!written.contains("tok-1a2b3c4d"), "\(written)")
            let fixture = try json(directory, outcomes[0].fixtureID)
            #expect(fixture["request"]?["graphql"]?["variables"]?.compactString == #"{"username":"ada"}"#)
            #expect(fixture["response"]?["graphql"]?["data"]?["login"]?["token"]?.stringValue == "<redacted>")
            let answer = try JSONParser.parse(Array(try await send(registry, login).body))
            #expect(answer["data"]?["login"]?["token"]?.stringValue == "<redacted>")
            var otherUser = login
            otherUser.requestBody = Array(Self.operation(Self.login, #"{"username":"bob","password":"x"}"#).utf8)
            #expect(try await send(registry, otherUser).head.status.code == 404, "the user still tells logins apart")
        }
    }

    @Test func aPasswordUnderAnotherNameOrWrittenInTheDocumentIsFoundByItsArgument() async throws {
        let exchanges = [
            Self.post(
                Self.operation(
                    "mutation SignIn($u: String!, $p: String!) { login(username: $u, password: $p) { ok } }",
                    #"{"u":"ada","p":"pw-under-p-77"}"#
                ),
                answer: #"{"data":{"login":{"ok":true}}}"#
            ),
            Self.post(
                Self.operation(#"mutation { login(username: "ada", password: "inline-pw-88") { ok } }"#),
                answer: #"{"data":{"login":{"ok":true}}}"#
            ),
        ]
        try await withRecording(exchanges) { directory, outcomes, registry in
            let written = allText(under: directory)
            #expect(!written.contains("pw-under-p-77"), "\(written)")
            #expect(!written.contains("inline-pw-88"), "\(written)")
            #expect(outcomes[1].fixtureID.hasPrefix("recorded/graphql/anonymous-"))
            let inline = try json(directory, outcomes[1].fixtureID)
            #expect(
                inline["request"]?["graphql"]?["query"]?.compactString
                    == #"{"prefix":"mutation { login(username: \"ada\" password: \""}"#,
                "the document up to the password"
            )
            #expect(try await send(registry, exchanges[1]).head.status.code == 200)
            let signIn = try json(directory, outcomes[0].fixtureID)
            #expect(signIn["request"]?["graphql"]?["variables"]?.compactString == #"{"u":"ada"}"#)
            #expect(try await send(registry, exchanges[0]).head.status.code == 200)
        }
    }

    @Test func anAnonymousOperationIsMatchedByItsDocument() async throws {
        let exchanges = [
            Self.post(Self.operation("{ users { id } }"), answer: #"{"data":{"users":[]}}"#),
            Self.post(Self.operation("{ orders { id } }"), answer: #"{"data":{"orders":[{"id":"7"}]}}"#),
        ]
        try await withRecording(exchanges) { directory, outcomes, registry in
            #expect(outcomes[0].fixtureID != outcomes[1].fixtureID)
            #expect(outcomes.allSatisfy { $0.fixtureID.hasPrefix("recorded/graphql/anonymous-") })
            #expect(outcomes[0].graphQLOperations == [""])
            let fixture = try json(directory, outcomes[0].fixtureID)
            #expect(fixture["request"]?["graphql"]?["query"]?.stringValue == "{ users { id } }")
            var spaced = exchanges[1]
            spaced.requestBody = Array(Self.operation("{\n  orders {\n    id\n  }\n}").utf8)
            let answer = try JSONParser.parse(Array(try await send(registry, spaced).body))
            #expect(answer["data"]?["orders"]?.compactString == #"[{"id":"7"}]"#)
        }
    }

    @Test func aBatchBecomesOneFixturePerOperationEachWithItsAnswer() async throws {
        let members = [
            Self.operation(Self.getUser, #"{"id":"1"}"#),
            Self.operation(Self.login, #"{"username":"ada","password":"batch-pw-4242"}"#),
            #"{"query":"query {"}"#,
        ]
        let batch = Self.post(
            "[" + members.joined(separator: ",") + "]",
            answer: #"[{"data":{"user":{"id":"1"}}},{"data":{"login":{"token":"tok-batch-99"}}},"#
                + #"{"errors":[{"message":"Syntax Error"}]}]"#
        )
        try await withRecording([batch]) { directory, outcomes, registry in
            let outcome = outcomes[0]
            #expect(outcome.fixtureIDs.count == 2, "the member that is not GraphQL is left to the replay's own error")
            #expect(outcome.graphQLOperations == ["GetUser", "Login"])
            #expect(outcome.fixtureID == outcome.fixtureIDs.joined(separator: ","))
            #expect(outcome.label == .recorded)
            let user = try json(directory, outcome.fixtureIDs[0])
            #expect(user["response"]?["graphql"]?.compactString == #"{"data":{"user":{"id":"1"}}}"#)
            let login = try json(directory, outcome.fixtureIDs[1])
            #expect(login["response"]?["graphql"]?["data"]?["login"]?["token"]?.stringValue == "<redacted>")
            let written = allText(under: directory)
            #expect(!written.contains("batch-pw-4242") && !written.contains("tok-batch-99"), "\(written)")
            let single = try await send(registry, Self.post(members[0], answer: ""))
            #expect(String(decoding: single.body, as: UTF8.self) == #"{"data":{"user":{"id":"1"}}}"#)
            let replay = try JSONParser.parse(Array(try await send(registry, batch).body))
            #expect(replay.elements?.count == 3)
            #expect(replay.elements?[1]["data"]?["login"]?["token"]?.stringValue == "<redacted>")
            #expect(replay.elements?[2]["errors"] != nil)
        }
    }

    @Test func aGETOperationsSecretVariablesStayOffDisk() async throws {
        let variables = #"{"id":"9","session":"sess-get-5150"}"#.addingPercentEncoding(
            withAllowedCharacters: .alphanumerics
        )!
        let document = Self.getUser.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let get = RecordedExchange(
            method: "GET",
            path: "/graphql",
            rawQuery: "query=\(document)&variables=\(variables)&app=ios",
            status: 200,
            responseHeaders: [("Content-Type", "application/json")],
            responseBody: Array(#"{"data":{"user":{"id":"9"}}}"#.utf8)
        )
        try await withRecording([get]) { directory, outcomes, registry in
            #expect(!allText(under: directory).contains("sess-get-5150"))
            let fixture = try json(directory, outcomes[0].fixtureID)
            #expect(fixture["request"]?["query"]?.compactString == #"{"app":"ios"}"#, "only what is not GraphQL's")
            #expect(fixture["request"]?["graphql"]?["variables"]?.compactString == #"{"id":"9"}"#)
            #expect(try await send(registry, get).head.status.code == 200)
        }
    }

    /// gql's requests transport sends a GET's operation as a JSON body.
    @Test func aGETWithItsOperationInAJSONBodyIsRecordedAsThatOperation() async throws {
        var get = Self.post(Self.operation(Self.getUser, #"{"id":"3"}"#), answer: #"{"data":{"user":{"id":"3"}}}"#)
        get.method = "GET"
        try await withRecording([get]) { _, outcomes, registry in
            #expect(outcomes[0].fixtureID.hasPrefix("recorded/graphql/GetUser-"), "\(outcomes[0].fixtureID)")
            var post = get
            post.method = "POST"
            let answer = try await send(registry, post)
            #expect(answer.body == Data(#"{"data":{"user":{"id":"3"}}}"#.utf8))
        }
    }

    @Test func aGraphQLRequestAnsweredWithoutJSONIsRecordedAsAnyOtherRequest() async throws {
        var exchange = Self.post(Self.operation(Self.getUser, #"{"id":"1"}"#), answer: "<html>bad gateway</html>")
        exchange.status = 502
        exchange.responseHeaders = [("Content-Type", "text/html")]
        try await withRecording([exchange]) { _, outcomes, _ in
            #expect(outcomes[0].fixtureID.hasPrefix("recorded/POST-graphql-"))
            #expect(outcomes[0].graphQLOperations == nil)
        }
    }

    @Test func aJSONAnswerThatIsNotAGraphQLResponseIsStoredAsJSON() async throws {
        let exchange = Self.post(Self.operation(Self.getUser, #"{"id":"1"}"#), answer: #"{"user":{"id":"1"}}"#)
        try await withRecording([exchange]) { directory, outcomes, registry in
            let fixture = try json(directory, outcomes[0].fixtureID)
            #expect(fixture["response"]?["json"]?.compactString == #"{"user":{"id":"1"}}"#)
            #expect(try await send(registry, exchange).body == Data(#"{"user":{"id":"1"}}"#.utf8))
        }
    }

    /// Apollo's automatic persisted queries: the hash alone (`PersistedQueryNotFound` from a backend that does not
    /// know it yet), then the hash with the document. Only the second is written, and it answers the hash alone.
    @Test func anUnknownPersistedQueryIsNotWrittenAndTheOperationAnswersItsHashAfterwards() async throws {
        let hash = String(repeating: "7f", count: 32)
        let extensions = #""extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
        let exchanges = [
            Self.post(
                #"{"operationName":"Ping",\#(extensions)}"#,
                answer:
                    #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#
            ),
            Self.post(
                #"{"operationName":"Ping","query":"query Ping { ping }",\#(extensions)}"#,
                answer: #"{"data":{"ping":"pong"}}"#
            ),
        ]
        try await withRecording(exchanges) { directory, outcomes, registry in
            #expect(outcomes[0].fixtureIDs.isEmpty)
            #expect(outcomes[0].graphQLOperations == ["Ping"])
            #expect(outcomes[1].fixtureID == "recorded/graphql/Ping.json")
            let fixture = try json(directory, outcomes[1].fixtureID)
            #expect(fixture["sequence"] == nil, "one answer, not the backend's first refusal then the data")
            let answer = try await send(registry, exchanges[0])
            #expect(String(decoding: answer.body, as: UTF8.self) == #"{"data":{"ping":"pong"}}"#)
        }
    }

    @Test func graphQLFileNamesAreSafeWhateverTheOperationName() {
        let digest = String(repeating: "ab", count: 32)
        #expect(
            FixtureNamer.graphQLPath(operationName: "GetUser", matchDigest: digest, hasDetails: false)
                == "graphql/GetUser.json"
        )
        #expect(
            FixtureNamer.graphQLPath(operationName: nil, matchDigest: digest, hasDetails: false)
                == "graphql/anonymous-abababab.json"
        )
        #expect(
            FixtureNamer.graphQLPath(operationName: "../../etc", matchDigest: digest, hasDetails: false)
                == "graphql/_.._etc-abababab.json"
        )
        #expect(
            FixtureNamer.graphQLPath(operationName: "..", matchDigest: digest, hasDetails: false)
                == "graphql/anonymous-abababab.json"
        )
        let long = FixtureNamer.graphQLPath(
            operationName: String(repeating: "A", count: 300),
            matchDigest: digest,
            hasDetails: false
        )
        #expect(long == "graphql/" + String(repeating: "A", count: 80) + "-abababab.json")
    }

    @Test func secretArgumentsAreFoundInDocumentsButNotAliasesOrOtherArguments() {
        let found = Redactor.standard.secretArguments(
            in: #"""
                # password: "in-a-comment"
                mutation M($pw: String!, $user: String) {
                  a: login(user: $user, password: $pw) { token }
                  b: login(user: "ada", password: "lit-pw-1", input: { api_key: """block-key""", otp: 123456 }) { token }
                  token: refresh { id }
                }
                """#
        )
        #expect(found.literals == ["lit-pw-1", "block-key", "123456"])
        #expect(found.variables == ["pw"])
    }
}
