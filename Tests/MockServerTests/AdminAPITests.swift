import Foundation
import ServerTestSupport
import Testing

@Suite struct AdminAPITests {
    static let files = [
        "user.json": #"""
        {
          "request": { "path": "/users/{id}" },
          "response": { "envelope": { "data": { "id": "{{path.id}}" } } },
          "variants": {
            "expired-token": { "envelope": { "code": 40101, "message": "token expired" } },
            "not-found": { "status": 404 }
          }
        }
        """#,
        "job.json": #"""
        { "request": { "path": "/jobs/1" }, "sequence": [ { "status": 503 }, { "status": 200 } ] }
        """#,
        "ping.json": #"{ "request": { "path": "/ping" }, "response": { "text": "pong" } }"#,
    ]

    private static func json(_ text: String) -> Data { Data(text.utf8) }

    @Test func healthCountsTheFixtures() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/__standin/health")
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "application/json")
                #expect(response.text == #"{"status":"ok","fixtures":3}"#)
            }
        }
    }

    @Test func healthReloadAndTheListCountResourcesAlike() async throws {
        let todos = #"{ "resource": { "path": "/todos" } }"#
        try await withMocks(Self.files.merging(["todos.json": todos]) { $1 }) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let fixture = #"{ "request": { "path": "/extra" }, "response": { "text": "extra" } }"#
                for expected in [4, 5] {
                    let listed = try await fetch(base, "/__standin/fixtures").json()["fixtures"] as? [Any]
                    #expect(listed?.count == expected)
                    #expect(try await fetch(base, "/__standin/health").json()["fixtures"] as? Int == expected)
                    let reloaded = try await fetch(base, "/__standin/reload", method: "POST").json()
                    #expect(reloaded["fixtures"] as? Int == expected)
                    _ = try await fetch(base, "/__standin/fixtures", method: "POST", body: Self.json(fixture))
                }
            }
        }
    }

    @Test func fixturesListShowsEndpointsVariantsSelectionAndHits() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(base, "/users/1")
                _ = try await fetch(base, "/users/2")
                let list = try await fetch(base, "/__standin/fixtures").json()
                let fixtures = try #require(list["fixtures"] as? [[String: Any]])
                #expect(fixtures.map { $0["id"] as? String } == ["job.json", "ping.json", "user.json"])
                let user = try #require(fixtures.last)
                #expect(user["endpoint"] as? String == "GET /users/{id}")
                #expect(user["source"] as? String == "file")
                #expect(user["variants"] as? [String] == ["expired-token", "not-found"])
                #expect(user["selectedVariant"] is NSNull)
                #expect(user["hits"] as? Int == 2)
            }
        }
    }

    @Test func runTimeFixtureIsAddedServedListedAndRemoved() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let fixture = #"{ "request": { "path": "/ping" }, "response": { "text": "overridden" } }"#
                let added = try await fetch(base, "/__standin/fixtures", method: "POST", body: Self.json(fixture))
                #expect(added.status == 201)
                let id = try #require(try added.json()["id"] as? String)
                #expect(id == "runtime/1")
                #expect(added.header("Location") == "/__standin/fixtures/runtime/1")
                #expect(try await fetch(base, "/ping").text == "overridden")
                let list = try await fetch(base, "/__standin/fixtures").json()["fixtures"] as? [[String: Any]]
                #expect(list?.first { $0["id"] as? String == id }?["source"] as? String == "runtime")

                let removed = try await fetch(base, "/__standin/fixtures/runtime/1", method: "DELETE")
                #expect(removed.status == 200)
                #expect(try await fetch(base, "/ping").text == "pong")
                let again = try await fetch(base, "/__standin/fixtures/runtime/1", method: "DELETE")
                #expect(again.status == 404)
                #expect(
                    (try again.json()["message"] as? String)?.contains(#"no run-time fixture has the id "runtime/1""#)
                        == true
                )
            }
        }
    }

    @Test func invalidRunTimeFixtureIsRefusedLikeAFile() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let typo = #"{ "request": { "path": "/x" },"# + "\n" + #" "respnse": { "text": "x" } }"#
                let refused = try await fetch(base, "/__standin/fixtures", method: "POST", body: Self.json(typo))
                #expect(refused.status == 400)
                let message = try #require(try refused.json()["message"] as? String)
                #expect(message.hasPrefix("the fixture is not valid: line 2:"))
                #expect(message.contains("respnse"))
                let broken = try await fetch(base, "/__standin/fixtures", method: "POST", body: Self.json("{"))
                #expect(broken.status == 400)
                #expect((try broken.json()["message"] as? String)?.contains("invalid JSON") == true)
                #expect(try await fetch(base, "/__standin/health").json()["fixtures"] as? Int == 3)
            }
        }
    }

    @Test func fileFixturesCannotBeDeletedThroughTheAPI() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/__standin/fixtures/ping.json", method: "DELETE")
                #expect(response.status == 404)
                #expect((try response.json()["message"] as? String)?.contains("ping.json is a file fixture") == true)
                #expect(try await fetch(base, "/ping").text == "pong")
            }
        }
    }

    @Test func variantsAreSetShownAndCleared() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let set = try await fetch(
                    base,
                    "/__standin/variants",
                    method: "PUT",
                    body: Self.json(#"{"GET /users/{id}": "expired-token"}"#)
                )
                #expect(set.status == 200)
                #expect(set.text == #"{"GET /users/{id}":"expired-token"}"#)
                #expect(try await fetch(base, "/users/1").json()["code"] as? Int == 40101)
                let list = try await fetch(base, "/__standin/fixtures").json()["fixtures"] as? [[String: Any]]
                #expect(list?.last?["selectedVariant"] as? String == "expired-token")

                let cleared = try await fetch(
                    base,
                    "/__standin/variants",
                    method: "PUT",
                    body: Self.json(#"{"GET /users/{id}": null}"#)
                )
                #expect(cleared.text == "{}")
                #expect(try await fetch(base, "/users/1").json()["code"] as? Int == 0)
            }
        }
    }

    @Test func unknownEndpointOrVariantIsRefusedNamingWhatExists() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let variant = try await fetch(
                    base,
                    "/__standin/variants",
                    method: "PUT",
                    body: Self.json(#"{"GET /users/{id}": "nope"}"#)
                )
                #expect(variant.status == 400)
                #expect(
                    try variant.json()["message"] as? String
                        == #"GET /users/{id} has no variant "nope"; it has: expired-token, not-found"#
                )
                let endpoint = try await fetch(
                    base,
                    "/__standin/variants",
                    method: "PUT",
                    body: Self.json(#"{"GET /nowhere": "slow"}"#)
                )
                #expect(endpoint.status == 400)
                #expect(
                    try endpoint.json()["message"] as? String
                        == "no fixture serves GET /nowhere; the endpoints are: GET /jobs/1, GET /ping, GET /users/{id}"
                )
                let notObject = try await fetch(base, "/__standin/variants", method: "PUT", body: Self.json("[1]"))
                #expect(notObject.status == 400)
                #expect((try notObject.json()["message"] as? String)?.contains("must be a JSON object") == true)
            }
        }
    }

    @Test func resetDropsRunTimeFixturesSequencesVariantsAndJournal() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let fixture = #"{ "request": { "path": "/extra" }, "response": { "text": "x" } }"#
                _ = try await fetch(base, "/__standin/fixtures", method: "POST", body: Self.json(fixture))
                _ = try await fetch(
                    base,
                    "/__standin/variants",
                    method: "PUT",
                    body: Self.json(#"{"GET /users/{id}": "not-found"}"#)
                )
                #expect(try await fetch(base, "/jobs/1").status == 503)
                #expect(try await fetch(base, "/jobs/1").status == 200)

                let reset = try await fetch(base, "/__standin/reset", method: "POST")
                #expect(reset.status == 200)
                #expect(try await fetch(base, "/__standin/health").json()["fixtures"] as? Int == 3)
                #expect(try await fetch(base, "/__standin/variants").text == "{}")
                #expect(try await fetch(base, "/__standin/requests").json()["count"] as? Int == 0)
                #expect(try await fetch(base, "/jobs/1").status == 503)
                #expect(try await fetch(base, "/extra").status == 404)
            }
        }
    }

    @Test func unknownAdminCallsGetAnEnvelopeSayingWhatIsWrong() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let unknown = try await fetch(base, "/__standin/nope")
                #expect(unknown.status == 404)
                let json = try unknown.json()
                #expect(json["code"] as? Int == 404)
                #expect(
                    (json["message"] as? String)?.hasPrefix("no admin call GET /__standin/nope; there are: ") == true
                )
                #expect(json["request_id"] as? String == unknown.header("X-Request-ID"))
                let wrongMethod = try await fetch(base, "/__standin/reset")
                #expect(wrongMethod.status == 405)
                #expect(try wrongMethod.json()["message"] as? String == "/__standin/reset takes POST, not GET")
                let badFilter = try await fetch(base, "/__standin/requests?colour=red")
                #expect(badFilter.status == 400)
            }
        }
    }

    @Test func tokenIsRequiredFromEveryoneWhenSet() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, adminToken: "s3cret") { base async throws in
                let missing = try await fetch(base, "/__standin/health")
                #expect(missing.status == 401)
                #expect(missing.header("WWW-Authenticate") == "Bearer")
                #expect((try missing.json()["message"] as? String)?.contains("Authorization: Bearer") == true)
                let wrong = try await fetch(base, "/__standin/health", headers: ["Authorization": "Bearer nope"])
                #expect(wrong.status == 401)
                let right = try await fetch(base, "/__standin/health", headers: ["Authorization": "Bearer s3cret"])
                #expect(right.status == 200)
                #expect(try await fetch(base, "/ping").text == "pong")
            }
        }
    }

    @Test(.enabled(if: nonLoopbackIPv4Address() != nil, "needs a network address besides loopback"))
    func otherClientsAreRefusedWithoutToken() async throws {
        let address = try #require(nonLoopbackIPv4Address())
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, host: "0.0.0.0") { base async throws in
                let remote = URL(string: "http://\(address):\(base.port!)")!
                let refused = try await fetch(remote, "/__standin/health")
                #expect(refused.status == 403)
                #expect((try refused.json()["message"] as? String)?.contains("only loopback clients") == true)
                #expect(try await fetch(remote, "/ping").text == "pong")
                #expect(try await fetch(base, "/__standin/health").status == 200)
            }
            try await withServer(mocks: mocks, host: "0.0.0.0", adminToken: "t") { base async throws in
                let remote = URL(string: "http://\(address):\(base.port!)")!
                let allowed = try await fetch(remote, "/__standin/health", headers: ["Authorization": "Bearer t"])
                #expect(allowed.status == 200)
            }
        }
    }

    @Test func loopbackClientsNeedNoToken() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                #expect(try await fetch(base, "/__standin/health").status == 200)
            }
        }
    }
}
