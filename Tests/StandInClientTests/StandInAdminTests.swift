import Foundation
import StandInClient
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct StandInAdminTests {
    static let files = [
        "user.json": #"""
        {
          "request": { "path": "/users/{id}" },
          "response": { "envelope": { "data": { "id": "{{path.id}}" } } },
          "variants": { "expired-token": { "envelope": { "code": 40101, "message": "token expired" } } }
        }
        """#,
        "orders.json": #"{ "request": { "method": "POST", "path": "/orders" }, "response": { "status": 201 } }"#,
    ]

    /// What the app under test would do: one plain request.
    private static func send(_ base: URL, _ method: String, _ path: String, json: String? = nil) async throws -> Int {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = json.map { Data($0.utf8) }
        let (_, response) = try await URLSession.shared.exchange(for: request)
        return (response as! HTTPURLResponse).statusCode
    }

    @Test func addsListsAndRemovesFixtures() async throws {
        try await withStandIn(Self.files) { base async throws in
            let standin = StandInAdmin(baseURL: base)
            let health = try await standin.health()
            #expect(health.status == "ok")
            #expect(health.fixtures == 2)
            let id = try await standin.addFixture(
                #"{ "request": { "path": "/ping" }, "response": { "text": "pong" } }"#
            )
            #expect(id == "runtime/1")
            #expect(try await Self.send(base, "GET", "/ping") == 200)
            let fixtures = try await standin.fixtures()
            #expect(fixtures.map(\.id) == ["orders.json", "runtime/1", "user.json"])
            #expect(fixtures.first { $0.id == id }?.hits == 1)
            try await standin.removeFixture(id: id)
            #expect(try await Self.send(base, "GET", "/ping") == 404)
        }
    }

    @Test func setsVariantsAndSurfacesTheServersMessages() async throws {
        try await withStandIn(Self.files) { base async throws in
            let standin = StandInAdmin(baseURL: base)
            try await standin.setVariant("expired-token", for: "GET /users/{id}")
            #expect(try await standin.fixtures().last?.selectedVariant == "expired-token")
            try await standin.setVariant(nil, for: "GET /users/{id}")
            #expect(try await standin.fixtures().last?.selectedVariant == nil)
            await #expect {
                try await standin.setVariant("nope", for: "GET /users/{id}")
            } throws: { error in
                (error as? StandInAdminError)?.description
                    == #"PUT /__standin/variants failed with 400: GET /users/{id} has no variant "nope"; it has: expired-token"#
            }
            await #expect(throws: StandInAdminError.self) {
                try await standin.addFixture(#"{ "request": {} }"#)
            }
        }
    }

    @Test func readsAndFiltersTheJournal() async throws {
        try await withStandIn(Self.files) { base async throws in
            let standin = StandInAdmin(baseURL: base)
            _ = try await Self.send(base, "GET", "/users/1")
            _ = try await Self.send(base, "GET", "/users/2")
            _ = try await Self.send(base, "POST", "/orders", json: #"{"product_id":"BOOK-42","qty":1}"#)
            _ = try await Self.send(base, "GET", "/nowhere")
            #expect(try await standin.requests(matching: .get("/users/1")).count == 1)
            #expect(try await standin.requests(matching: .get("/users/{id}")).count == 2)
            #expect(
                try await standin.requests(matching: .post("/orders", json: #"{"product_id":"BOOK-42"}"#)).count == 1
            )
            let unmatched = try await standin.requests(matching: .unmatched)
            #expect(unmatched.map(\.path) == ["/nowhere"])
            #expect(unmatched.first?.nearMisses?.isEmpty == false)
            try await standin.clearRequests()
            #expect(try await standin.requests().isEmpty)
        }
    }

    @Test func readsEveryPageOfALargeJournal() async throws {
        try await withStandIn(Self.files) { base async throws in
            let standin = StandInAdmin(baseURL: base)
            // More than one page (1,000 entries) of the server's answer.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for id in 1...1_050 {
                    group.addTask { try await Self.send(base, "GET", "/users/\(id)") }
                    if id > 8 { _ = try await group.next() }
                }
                try await group.waitForAll()
            }
            let requests = try await standin.requests(matching: .get("/users/{id}"))
            #expect(requests.count == 1_050)
            #expect(Set(requests.map(\.path)).count == 1_050)
        }
    }

    @Test func verifyPassesOrFailsWithAReadableMessage() async throws {
        try await withStandIn(Self.files) { base async throws in
            let standin = StandInAdmin(baseURL: base)
            await #expect {
                try await standin.verify(.post("/orders"))
            } throws: { error in
                (error as? VerificationFailure)?.message == "expected 1 POST /orders, saw 0; the journal is empty"
            }
            _ = try await Self.send(base, "POST", "/orders", json: #"{"product_id": "BOOK-41"}"#)
            _ = try await Self.send(base, "GET", "/users/1")
            try await standin.verify(.post("/orders"))
            try await standin.verify(.get("/users/{id}"), atLeast: 1)
            await #expect {
                try await standin.verify(.post("/orders", json: #"{"product_id": "BOOK-42"}"#))
            } throws: { error in
                (error as? VerificationFailure)?.message
                    == #"expected 1 POST /orders with body {"product_id":"BOOK-42"}, saw 0; "#
                    + #"nearest: POST /orders with body {"product_id": "BOOK-41"}"#
            }
            _ = try await Self.send(base, "DELETE", "/users/1")
            await #expect {
                try await standin.verifyNoUnmatchedRequests()
            } throws: { error in
                let message = (error as? VerificationFailure)?.message ?? ""
                return message.hasPrefix("expected no unmatched requests, saw 1:\nDELETE /users/1; nearest: user.json")
            }
        }
    }

    @Test func resetRestoresTheStartingPoint() async throws {
        try await withStandIn(Self.files) { base async throws in
            let standin = StandInAdmin(baseURL: base)
            try await standin.addFixture(#"{ "request": { "path": "/ping" }, "response": { "text": "pong" } }"#)
            try await standin.setVariant("expired-token", for: "GET /users/{id}")
            _ = try await Self.send(base, "GET", "/users/1")
            try await standin.reset()
            #expect(try await standin.health().fixtures == 2)
            #expect(try await standin.requests().isEmpty)
            #expect(try await standin.fixtures().allSatisfy { $0.selectedVariant == nil && $0.hits == 0 })
            #expect(try await standin.reload().isEmpty)
        }
    }

    @Test func sendsTheAdminToken() async throws {
        try await withStandIn(Self.files, adminToken: "t0k") { base async throws in
            #expect(try await StandInAdmin(baseURL: base, token: "t0k").health().fixtures == 2)
            await #expect {
                try await StandInAdmin(baseURL: base).health()
            } throws: { ($0 as? StandInAdminError)?.status == 401 }
        }
    }
}
