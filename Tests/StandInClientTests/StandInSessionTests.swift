import Foundation
import StandInClient
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct StandInSessionTests {
    static let files = [
        "user.json": #"""
        {
          "request": { "path": "/users/{id}" },
          "response": { "envelope": { "data": { "id": "{{path.id}}" } } },
          "variants": { "expired-token": { "envelope": { "code": 40101, "message": "token expired" } } }
        }
        """#
    ]

    /// What the app under test would do: one GET, returning the envelope's code.
    private static func code(_ base: URL, _ path: String) async throws -> Int? {
        let (data, _) = try await URLSession.shared.exchange(from: base.appendingPathComponent(path))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["code"] as? Int
    }

    @Test func sessionsHaveTheirOwnVariantsJournalAndEnd() async throws {
        try await withStandIn(Self.files) { base async throws in
            let standin = StandInAdmin(baseURL: base)
            let first = try await standin.startSession(name: "first", ttl: "5m")
            let second = try await standin.startSession()
            #expect(first.baseURL != second.baseURL)
            #expect(first.baseURL.port != base.port)
            #expect(first.tlsBaseURL == nil)  // no HTTPS port on this server

            try await first.setVariant("expired-token", for: "GET /users/{id}")
            #expect(try await Self.code(first.baseURL, "/users/1") == 40101)
            #expect(try await Self.code(second.baseURL, "/users/1") == 0)
            #expect(try await Self.code(base, "/users/1") == 0)

            try await first.verify(.get("/users/{id}"), count: 1)
            try await second.verify(.get("/users/{id}"), count: 1)
            #expect(try await first.requests(matching: .get("/users/{id}")).count == 1)
            try await first.reset()
            #expect(try await first.requests().isEmpty)
            try await second.verify(.get("/users/{id}"), count: 1)

            try await first.end()
            await #expect(throws: (any Error).self) { try await first.health() }
            try await second.end()
            await #expect(throws: StandInAdminError.self) { try await standin.end() }
        }
    }
}
