import Foundation
import ServerTestSupport
import Testing

/// GraphQL fixtures read by a client the project did not write: gql with its requests transport (and requests for
/// an `application/graphql` body, query parameters and Apollo's persisted-query protocol).
@Suite(.serialized) struct GraphQLInteropTests {
    private static let fixtures = [
        "GetUser.json": """
        { "request": { "path": "/graphql", "graphql": { "operationName": "GetUser", "variables": { "id": "42" } } },
          "response": { "graphql": { "data": { "user": { "id": "{{graphql.variables.id}}", "name": "Ada" } } } } }
        """,
        "MissingUser.json": """
        { "request": { "path": "/graphql", "graphql": { "operationName": "GetUser", "variables": { "id": "0" } } },
          "response": { "graphql": { "data": { "user": null },
                                     "errors": [ { "message": "no user 0", "path": [ "user" ] } ] } } }
        """,
        "ListOrders.json": """
        { "request": { "path": "/graphql", "graphql": { "operationName": "ListOrders" } },
          "response": { "graphql": { "data": { "orders": [ { "id": "o-1" }, { "id": "o-2" } ] } } } }
        """,
        "Ping.json": """
        { "request": { "path": "/graphql", "graphql": { "persistedQueryHash": "\(pingHash)" } },
          "response": { "graphql": { "data": { "ping": "pong" } } } }
        """,
    ]

    /// The SHA-256 of `query Ping { ping }`, the document the client sends as a persisted query (it hashes the
    /// document itself).
    private static let pingHash = "9fe0e5f4706908a4a057c260770dd0170bd8dd80005f190c4079da2d5f6768ef"

    /// What the client printed for each case, by case.
    private func results() async throws -> [String: [String: Any]] {
        var results: [String: [String: Any]] = [:]
        try await withFolder { mocks in
            for (name, text) in Self.fixtures {
                try Data(text.utf8).write(to: mocks.appendingPathComponent(name))
            }
            let server = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { server.stop() }
            let printed = try await PythonBackend.client(
                "graphql_clients.py",
                ["http://127.0.0.1:\(server.port)/graphql"],
                pythonPath: PythonBackend.graphQLPackages
            )
            for line in printed.split(separator: "\n") {
                let result = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                results[try #require(result["case"] as? String)] = result
            }
        }
        return results
    }

    @Test(.enabled("needs gql in .build/python-graphql", PythonBackend.graphQLPackagesAreThere))
    func gqlGetsEveryAnswerAGraphQLServerWouldGive() async throws {
        let results = try await results()
        let ada = ["user": ["id": "42", "name": "Ada"]] as NSDictionary
        for name in ["name", "getWithBody", "getWithParameters", "applicationGraphql"] {
            #expect(results[name]?["data"] as? NSDictionary == ada, "\(name): \(results[name] ?? [:])")
        }
        let orders = ["orders": [["id": "o-1"], ["id": "o-2"]]] as NSDictionary
        #expect(results["operationName"]?["data"] as? NSDictionary == orders)
        #expect(results["batch"]?["data"] as? NSArray == [ada, orders] as NSArray)

        let persisted = try #require(results["persisted"]?["data"] as? [String: Any])
        #expect(persisted["first"] as? NSDictionary == ["data": ["ping": "pong"]] as NSDictionary)

        let errors = try #require(results["errors"])
        #expect(errors["error"] as? String == "query")
        #expect(errors["data"] as? NSDictionary == ["user": NSNull()] as NSDictionary)
        #expect((errors["errors"] as? [[String: Any]])?.first?["message"] as? String == "no user 0")

        let miss = try #require((results["noMatch"]?["errors"] as? [[String: Any]])?.first)
        #expect((miss["extensions"] as? [String: Any])?["code"] as? String == "STANDIN_NO_MATCH")
        #expect((miss["message"] as? String)?.hasPrefix("no fixture matches the GraphQL operation Missing") == true)
    }
}
