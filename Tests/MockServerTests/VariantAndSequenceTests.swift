import Foundation
import Logging
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

@Suite struct VariantAndSequenceTests {
    static let files = [
        "user.json": #"""
        {
          "request": { "path": "/users/{id}" },
          "response": { "envelope": { "data": { "id": "{{path.id}}" } } },
          "variants": {
            "expired-token": { "envelope": { "code": 40101, "message": "token expired" } },
            "not-found": { "status": 404, "envelope": { "code": 40400, "message": "no such user" } },
            "slow": { "delay": "150ms" },
            "reset": { "fault": "connection-reset" }
          }
        }
        """#,
        "job.json": #"""
        {
          "request": { "path": "/jobs/{id}" },
          "sequence": [ { "status": 503 }, { "status": 503 }, { "envelope": { "data": { "state": "done" } } } ]
        }
        """#,
        "poll.json": #"""
        {
          "request": { "path": "/poll" },
          "sequence": [ { "text": "a" }, { "text": "b" } ],
          "afterLast": "cycle"
        }
        """#,
        "slow.json": #"{ "request": { "path": "/slow" }, "response": { "text": "ok", "delay": "120ms" } }"#,
        "task.json": #"""
        {
          "request": { "path": "/tasks/{id}" },
          "sequence": [ { "text": "queued" }, { "text": "done" } ],
          "sequenceBy": "path.id"
        }
        """#,
    ]

    @Test func sequenceCountedByARequestValueAdvancesPerValue() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                #expect(try await fetch(base, "/tasks/1").text == "queued")
                #expect(try await fetch(base, "/tasks/1").text == "done")
                #expect(try await fetch(base, "/tasks/2").text == "queued")
                #expect(try await fetch(base, "/tasks/1").text == "done")
                #expect(try await fetch(base, "/tasks/2").text == "done")
                // Without sequenceBy, every id shares one position.
                #expect(try await fetch(base, "/jobs/1").status == 503)
                #expect(try await fetch(base, "/jobs/2").status == 503)
                #expect(try await fetch(base, "/jobs/3").status == 200)
            }
        }
    }

    @Test func variantChosenByHeaderReplacesTheFieldsItNames() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let expired = try await fetch(base, "/users/7", headers: ["X-StandIn-Variant": "expired-token"])
                #expect(expired.status == 200)
                #expect(try expired.json()["code"] as? Int == 40101)
                let missing = try await fetch(base, "/users/7", headers: ["X-StandIn-Variant": "not-found"])
                #expect(missing.status == 404)
                #expect(try missing.json()["message"] as? String == "no such user")
                let normal = try await fetch(base, "/users/7")
                #expect((try normal.json()["data"] as? [String: Any])?["id"] as? String == "7")
            }
        }
    }

    @Test func variantsCarryDelaysAndFaults() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let started = ContinuousClock.now
                _ = try await fetch(base, "/users/7", headers: ["X-StandIn-Variant": "slow"])
                #expect(ContinuousClock.now - started >= .milliseconds(150))
                await #expect {
                    try await fetch(base, "/users/7", headers: ["X-StandIn-Variant": "reset"])
                } throws: { ($0 as? URLError)?.code == .networkConnectionLost }
            }
        }
    }

    @Test func unknownVariantIsA400NamingTheKnownOnes() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/users/7", headers: ["X-StandIn-Variant": "nope"])
                #expect(response.status == 400)
                let message = try #require(try response.json()["message"] as? String)
                #expect(message.contains(#"has no variant "nope""#))
                #expect(message.contains("expired-token, not-found, reset, slow"))
            }
        }
    }

    @Test func variantChosenAtStartServesByDefault() async throws {
        try await withMocks(Self.files) { mocks async throws in
            let settings = SimulationSettings(variants: ["GET /users/{id}": "expired-token"])
            try await withServer(mocks: mocks, simulation: settings) { base async throws in
                #expect(try await fetch(base, "/users/7").json()["code"] as? Int == 40101)
                let header = try await fetch(base, "/users/7", headers: ["X-StandIn-Variant": "not-found"])
                #expect(header.status == 404)
            }
        }
    }

    @Test func unknownStartUpVariantRefusesToStart() async throws {
        try await withMocks(Self.files) { mocks async throws in
            for variants in [["GET /users/{id}": "nope"], ["GET /nowhere": "slow"]] {
                let configuration = MockServerConfiguration(
                    mocksDirectory: mocks,
                    port: 0,
                    simulation: SimulationSettings(variants: variants)
                )
                #expect(throws: MockServerError.self) {
                    try MockServer(configuration: configuration, logger: Logger(label: "test"))
                }
            }
        }
    }

    @Test func sequenceRepeatsTheLastResponse() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                var statuses: [Int] = []
                for _ in 0..<5 { statuses.append(try await fetch(base, "/jobs/1").status) }
                #expect(statuses == [503, 503, 200, 200, 200])
            }
        }
    }

    @Test func sequenceCanCycle() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                var bodies: [String] = []
                for _ in 0..<5 { bodies.append(try await fetch(base, "/poll").text) }
                #expect(bodies == ["a", "b", "a", "b", "a"])
            }
        }
    }

    @Test func fixtureDelayIsWaitedOut() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let started = ContinuousClock.now
                #expect(try await fetch(base, "/slow").text == "ok")
                #expect(ContinuousClock.now - started >= .milliseconds(120))
            }
        }
    }
}
