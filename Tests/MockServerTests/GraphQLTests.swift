import Foundation
import ServerTestSupport
import Testing

@testable import MockServer

/// GraphQL operations answered by the real server: matched by name, variables, document and persisted-query hash
/// over POST JSON, `application/graphql` and GET; batches; the GraphQL-shaped answers for what no fixture answers.
@Suite struct GraphQLTests {
    static let getUser = "query GetUser($id: ID!) {\n  user(id: $id) { id name }\n}"

    static let fixtures = [
        "graphql/GetUser.json": #"""
        { "request": { "path": "/graphql", "graphql": { "operationName": "GetUser", "variables": { "id": "42" } } },
          "response": { "graphql": { "data": { "user": { "id": "{{graphql.variables.id}}", "name": "Ada" } } } },
          "variants": { "missing": { "graphql": { "data": null, "errors": [ { "message": "no such user" } ] } } } }
        """#,
        "graphql/AnyUser.json": #"""
        { "request": { "path": "/graphql", "graphql": { "operationName": "GetUser" } },
          "response": { "graphql": { "data": { "user": { "id": "{{json graphql.variables.id}}", "name": "someone" } } } } }
        """#,
        "graphql/Search.json": #"""
        { "request": { "path": "/graphql",
                       "graphql": { "query": { "contains": "search(term: $term) { title }" } } },
          "response": { "graphql": { "data": { "search": [ { "title": "{{graphql.operationName}}" } ] } } } }
        """#,
        "graphql/Persisted.json": #"""
        { "request": { "path": "/graphql",
                       "graphql": { "persistedQueryHash": "ECF4EDB46DB40B5132295C0291D62FB65D6759A9EEDFA4D5D612DD5EC54A6B38" } },
          "response": { "graphql": { "data": { "ping": "pong" } }, "delay": "50ms" } }
        """#,
        "graphql/Poll.json": #"""
        { "request": { "path": "/graphql", "graphql": { "operationName": "JobStatus" } },
          "sequence": [ { "graphql": { "data": { "job": "queued" } } }, { "graphql": { "data": { "job": "done" } } } ],
          "sequenceBy": "graphql.variables.job" }
        """#,
        "graphql/Login.json": #"""
        { "request": { "method": "POST", "path": "/graphql", "graphql": { "operationName": "Login" } },
          "response": { "graphql": { "data": { "login": { "token": "t-{{graphql.variables.input.username}}" } } } } }
        """#,
    ]

    private func withGraphQL(_ body: (URL) async throws -> Void) async throws {
        try await withMocks(Self.fixtures) { mocks in
            try await withServer(mocks: mocks) { base in try await body(base) }
        }
    }

    private func post(_ base: URL, _ json: Any, headers: [String: String] = [:]) async throws -> FetchedResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return try await fetch(
            base,
            "/graphql",
            method: "POST",
            headers: headers,
            body: try JSONSerialization.data(withJSONObject: json)
        )
    }

    private func errors(_ response: FetchedResponse) throws -> [[String: Any]] {
        try #require(try response.json()["errors"] as? [[String: Any]])
    }

    @Test func anOperationIsMatchedByNameAndVariablesAndRendersThem() async throws {
        try await withGraphQL { base in
            let exact = try await post(base, ["query": Self.getUser, "variables": ["id": "42"]])
            #expect(exact.status == 200)
            #expect(exact.header("Content-Type") == "application/json")
            #expect(exact.text == #"{"data":{"user":{"id":"42","name":"Ada"}}}"#)
            let other = try await post(
                base,
                ["query": Self.getUser, "operationName": "GetUser", "variables": ["id": 7]]
            )
            #expect(other.text == #"{"data":{"user":{"id":7,"name":"someone"}}}"#)
        }
    }

    @Test func theNameComesFromTheDocumentWhenTheRequestSendsNone() async throws {
        try await withGraphQL { base in
            let search = "query FindBooks($term: String) {\n  search(term: $term) { title }\n}"
            let response = try await post(base, ["query": search, "variables": ["term": "swift"]])
            #expect(response.text == #"{"data":{"search":[{"title":"FindBooks"}]}}"#)
        }
    }

    @Test func getAndApplicationGraphQLAreReadLikeAPost() async throws {
        try await withGraphQL { base in
            var query = URLComponents()
            query.queryItems = [
                URLQueryItem(name: "query", value: Self.getUser),
                URLQueryItem(name: "variables", value: #"{"id":"42"}"#),
            ]
            let get = try await fetch(base, "/graphql?" + query.percentEncodedQuery!)
            #expect(get.text == #"{"data":{"user":{"id":"42","name":"Ada"}}}"#)
            let document = try await fetch(
                base,
                "/graphql?variables=%7B%22id%22%3A%2242%22%7D",
                method: "POST",
                headers: ["Content-Type": "application/graphql"],
                body: Data(Self.getUser.utf8)
            )
            #expect(document.text == #"{"data":{"user":{"id":"42","name":"Ada"}}}"#)
        }
    }

    @Test func aVariantAnswersWithErrors() async throws {
        try await withGraphQL { base in
            let response = try await post(
                base,
                ["query": Self.getUser, "variables": ["id": "42"]],
                headers: ["X-StandIn-Variant": "missing"]
            )
            #expect(response.status == 200)
            #expect(response.text == #"{"data":null,"errors":[{"message":"no such user"}]}"#)
        }
    }

    @Test func aPersistedQueryIsMatchedByItsHashAndAnUnknownHashAsksForTheDocument() async throws {
        try await withGraphQL { base in
            let hash = "ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38"
            let known = try await post(
                base,
                ["operationName": "Ping", "extensions": ["persistedQuery": ["version": 1, "sha256Hash": hash]]]
            )
            #expect(known.text == #"{"data":{"ping":"pong"}}"#)
            let unknown = try await post(
                base,
                ["extensions": ["persistedQuery": ["version": 1, "sha256Hash": String(repeating: "a", count: 64)]]]
            )
            #expect(unknown.status == 200)
            let error = try #require(try errors(unknown).first)
            #expect(error["message"] as? String == "PersistedQueryNotFound")
            #expect((error["extensions"] as? [String: Any])?["code"] as? String == "PERSISTED_QUERY_NOT_FOUND")
        }
    }

    @Test func aBatchIsAnsweredInOrderWithAnErrorEntryForWhatNothingMatches() async throws {
        try await withGraphQL { base in
            let response = try await post(
                base,
                [
                    ["query": Self.getUser, "variables": ["id": "42"]],
                    [
                        "query": "mutation Login($input: LoginInput!) { login(input: $input) { token } }",
                        "variables": ["input": ["username": "ada", "password": "pw"]],
                    ],
                    ["query": "query Unknown { nothing }"],
                ]
            )
            #expect(response.status == 200)
            let answers = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
            #expect(answers.count == 3)
            #expect(((answers[0]["data"] as? [String: Any])?["user"] as? [String: Any])?["id"] as? String == "42")
            #expect(
                ((answers[1]["data"] as? [String: Any])?["login"] as? [String: Any])?["token"] as? String == "t-ada"
            )
            let miss = try #require((answers[2]["errors"] as? [[String: Any]])?.first)
            #expect((miss["extensions"] as? [String: Any])?["code"] as? String == "STANDIN_NO_MATCH")
            #expect((miss["message"] as? String)?.contains("Unknown") == true)
        }
    }

    @Test func noMatchNamesTheNearestOperationAndWhatDiffered() async throws {
        try await withGraphQL { base in
            let response = try await post(
                base,
                ["query": "mutation Logout { logout }", "operationName": "Logout"]
            )
            #expect(response.status == 404)
            let error = try #require(try errors(response).first)
            #expect((error["extensions"] as? [String: Any])?["code"] as? String == "STANDIN_NO_MATCH")
            let message = try #require(error["message"] as? String)
            #expect(message.hasPrefix("no fixture matches the GraphQL operation Logout; nearest: "))
            #expect(message.contains(#"operationName is "Logout""#))
        }
    }

    @Test func aDocumentThatDoesNotParseIsA400NamingThePosition() async throws {
        try await withGraphQL { base in
            let response = try await post(base, ["query": "query GetUser {\n  user(id: ) { id }\n}"])
            #expect(response.status == 400)
            let error = try #require(try errors(response).first)
            #expect((error["extensions"] as? [String: Any])?["code"] as? String == "GRAPHQL_PARSE_FAILED")
            let location = try #require((error["locations"] as? [[String: Int]])?.first)
            #expect(location == ["line": 2, "column": 12])
        }
    }

    @Test(arguments: [
        ("not json", "the body is not JSON"),
        (#"{"query":"{ a }","variables":[1]}"#, #""variables" must be an object, not array"#),
        (#"{"query":42}"#, #""query" must be a string, not number"#),
        (#"{"operationName":"A"}"#, #"the request has no "query""#),
        (#"{"query":"query A { a } query B { b }"}"#, "Must provide operation name"),
        (#"{"query":"query A { a }","operationName":"B"}"#, #"Unknown operation named "B"."#),
        ("[]", "the batch is empty"),
    ])
    func aRequestThatIsNotGraphQLIsA400SayingWhy(body: String, reason: String) async throws {
        try await withGraphQL { base in
            let response = try await fetch(
                base,
                "/graphql",
                method: "POST",
                headers: ["Content-Type": "application/json"],
                body: Data(body.utf8)
            )
            #expect(response.status == 400)
            let message = try #require(try errors(response).first?["message"] as? String)
            #expect(message.contains(reason))
        }
    }

    @Test func batchesAndDocumentsPastTheLimitsAre413() async throws {
        try await withGraphQL { base in
            let operation = ["query": Self.getUser, "variables": ["id": "42"]] as [String: Any]
            let batch = try await post(base, Array(repeating: operation, count: 10_000))
            #expect(batch.status == 413)
            #expect(
                try errors(batch).first?["message"] as? String
                    == "the batch has 10000 operations; StandIn answers batches of up to 100"
            )
            let deep =
                "query Deep { " + String(repeating: "a { ", count: 10_000) + String(repeating: "}", count: 10_001)
            let nested = try await post(base, ["query": deep])
            #expect(nested.status == 413)
            let huge = "query Huge { " + String(repeating: "field ", count: 200_000) + "}"
            let long = try await post(base, ["query": huge])
            #expect(long.status == 413)
        }
    }

    @Test func aSequenceStepsPerVariableAndSessionsKeepTheirOwnPlace() async throws {
        try await withGraphQL { base in
            let status = { (job: String, headers: [String: String]) in
                try await post(
                    base,
                    ["query": "query JobStatus($job: ID!) { job(id: $job) }", "variables": ["job": job]],
                    headers: headers
                )
                .text
            }
            #expect(try await status("a", [:]) == #"{"data":{"job":"queued"}}"#)
            #expect(try await status("a", [:]) == #"{"data":{"job":"done"}}"#)
            #expect(try await status("b", [:]) == #"{"data":{"job":"queued"}}"#)
            let started = try await fetch(base, "/__standin/sessions", method: "POST")
            let session = try #require(try started.json()["id"] as? String)
            #expect(try await status("a", ["X-StandIn-Session": session]) == #"{"data":{"job":"queued"}}"#)
        }
    }

    @Test func delaysAndFaultsApplyToAnOperation() async throws {
        try await withGraphQL { base in
            let started = ContinuousClock.now
            let hash = "ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38"
            let ping = try await post(base, ["extensions": ["persistedQuery": ["version": 1, "sha256Hash": hash]]])
            #expect(ping.text == #"{"data":{"ping":"pong"}}"#)
            // The libevent loop's cached clock may read a few milliseconds early.
            #expect(ContinuousClock.now - started >= .milliseconds(45))
            await #expect(throws: (any Error).self) {
                _ = try await post(
                    base,
                    ["query": Self.getUser, "variables": ["id": "42"]],
                    headers: ["X-StandIn-Fault": "connection-reset"]
                )
            }
        }
    }

    @Test func theJournalKeepsTheOperationNames() async throws {
        try await withGraphQL { base in
            _ = try await post(base, ["query": Self.getUser, "variables": ["id": "42"]])
            _ = try await post(base, [["query": Self.getUser, "variables": ["id": "1"]], ["query": "{ anonymous }"]])
            let journal = try await fetch(base, "/__standin/requests")
            let entries = try #require(try journal.json()["requests"] as? [[String: Any]])
            let operations = entries.compactMap { $0["graphqlOperations"] as? [String] }
            #expect(operations.contains(["GetUser"]))
            #expect(operations.contains(["GetUser", ""]))
        }
    }
}
