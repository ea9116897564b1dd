import Foundation
import ServerTestSupport
import Testing

@Suite struct UnmatchedTests {
    @Test func unmatchedRequestNamesNearestFixtureAndWhatDiffered() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/secure", headers: ["Authorization": "Basic abc", "X-Client": "ios"])
            #expect(response.status == 404)
            let json = try response.json()
            #expect(json["code"] as? Int == 404)
            let message = try #require(json["message"] as? String)
            #expect(message.hasPrefix("no fixture matches GET /secure; nearest: matchers/headers.json (GET /secure)"))
            #expect(message.contains(#"header "authorization": expected prefix "Bearer ", got "Basic abc""#))
            let data = try #require(json["data"] as? [String: Any])
            let nearest = try #require(data["nearest"] as? [[String: Any]])
            #expect(nearest.first?["fixture"] as? String == "matchers/headers.json")
            #expect(json["request_id"] as? String == response.header("X-Request-ID"))
        }
    }

    @Test func wrongMethodIsNamedAsTheDifference() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let message = try await fetch(base, "/text", method: "POST").json()["message"] as? String
            #expect(
                message?.contains("nearest: bodies/text.json (GET /text): method is POST, fixture expects GET") == true
            )
        }
    }

    @Test func unknownPathNamesTheClosestPath() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let json = try await fetch(base, "/users/42/avatar").json()
            let nearest = (json["data"] as? [String: Any])?["nearest"] as? [[String: Any]]
            let first = try #require(nearest?.first)
            #expect((first["endpoint"] as? String)?.contains("/users/") == true)
            #expect(
                (first["differences"] as? [String])?.first?.hasPrefix("path /users/42/avatar does not match") == true
            )
        }
    }

    @Test func missingQueryParameterIsReported() async throws {
        try await withMocks([
            "a.json": #"{ "request": { "path": "/a", "query": { "v": "1" } }, "response": { "text": "a" } }"#
        ]) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let message = try await fetch(base, "/a?v=2").json()["message"] as? String
                #expect(message?.hasSuffix(#"query "v": expected equals "1", got "2""#) == true)
            }
        }
    }
}
