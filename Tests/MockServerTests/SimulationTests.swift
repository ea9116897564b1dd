import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct SimulationTests {
    private func elapsed(_ body: () async throws -> Void) async rethrows -> Duration {
        let started = ContinuousClock.now
        try await body()
        return ContinuousClock.now - started
    }

    /// Every client waits the delay; the server's own figures for the requests (in the journal, from arrival to
    /// answer) show how precisely, free of the client's scheduling.
    @Test func requestDelayIsAccurate() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            for _ in 0..<7 {
                let time = try await elapsed {
                    _ = try await fetch(base, "/text", headers: ["X-StandIn-Delay": "200ms"])
                }
                #expect(time >= .milliseconds(200))
            }
            let journal = try await fetch(base, "/__standin/requests?path=/text").json()
            let durations = (journal["requests"] as? [[String: Any]] ?? []).compactMap { $0["durationMs"] as? Double }
            try #require(durations.count == 7, "\(journal)")
            let median = durations.sorted()[durations.count / 2]
            #expect(median >= 200)
            #expect(median <= 200 + 20 + 20, "median \(median) ms")
        }
    }

    @Test func globalDelayIsAddedToEveryResponse() async throws {
        try await withServer(mocks: testMocks, simulation: SimulationSettings(globalDelay: .fixed(.milliseconds(150))))
        {
            base async throws in
            let time = try await elapsed { () async throws in
                #expect(try await fetch(base, "/text").text == "plain words")
            }
            #expect(time >= .milliseconds(150))
            let both = try await elapsed { _ = try await fetch(base, "/text", headers: ["X-StandIn-Delay": "100ms"]) }
            #expect(both >= .milliseconds(250))
        }
    }

    @Test func statusHeaderOverridesTheFixturesStatus() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/users/1", headers: ["X-StandIn-Status": "503"])
            #expect(response.status == 503)
            #expect(try response.json()["data"] != nil)
        }
    }

    @Test func invalidControlHeaderIsA400ThatSaysWhy() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            for (name, value) in [
                ("X-StandIn-Delay", "soon"), ("X-StandIn-Status", "700"), ("X-StandIn-Fault", "melt"),
            ] {
                let response = try await fetch(base, "/text", headers: [name: value])
                #expect(response.status == 400)
                #expect((try response.json()["message"] as? String)?.hasPrefix(name) == true, "\(response.text)")
            }
        }
    }

    @Test func invalidFaultHeaderIsNamedBesideAValidDelay() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let headers = ["X-StandIn-Delay": "10ms", "X-StandIn-Fault": "melt"]
            let response = try await fetch(base, "/text", headers: headers)
            #expect(response.status == 400)
            let message = try response.json()["message"] as? String
            #expect(message?.hasPrefix("X-StandIn-Fault: ") == true, "\(response.text)")
        }
    }

    @Test func connectionResetIsSeenAsALostConnection() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            await #expect {
                try await fetch(base, "/users/1", headers: ["X-StandIn-Fault": "connection-reset"])
            } throws: { ($0 as? URLError)?.code == .networkConnectionLost }
            let connection = try RawConnection(port: base.port!)
            await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nX-StandIn-Fault: connection-reset\r\n\r\n")
            #expect(await connection.readError() == ECONNRESET)
        }
    }

    @Test func emptyResponseIsSeenAsABadServerResponse() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            await #expect {
                try await fetch(base, "/users/1", headers: ["X-StandIn-Fault": "empty-response"])
            } throws: { ($0 as? URLError)?.code == .badServerResponse }
            let connection = try RawConnection(port: base.port!)
            await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nX-StandIn-Fault: empty-response\r\n\r\n")
            #expect(await connection.readAll().isEmpty)
        }
    }

    @Test func malformedBodyIsACompleteResponseThatDoesNotParse() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let intact = try await fetch(base, "/users/1")
            let cut = try await fetch(base, "/users/1", headers: ["X-StandIn-Fault": "malformed-body"])
            #expect(cut.status == 200)
            #expect(cut.body.count == intact.body.count / 2)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: cut.body) }
        }
    }

    @Test func timeoutHoldsUntilTheClientGivesUp() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            await #expect {
                try await fetch(base, "/text", headers: ["X-StandIn-Fault": "timeout"], timeout: 0.5)
            } throws: { ($0 as? URLError)?.code == .timedOut }
            let connection = try RawConnection(port: base.port!, timeout: 1)
            let time = await elapsed {
                await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nX-StandIn-Fault: timeout\r\n\r\n")
                #expect(await connection.readAll().isEmpty)
            }
            #expect(time >= .milliseconds(950), "the server closed a held request after \(time)")
            #expect(try await fetch(base, "/text").text == "plain words")
        }
    }

    @Test func timeoutClosesAfterMaxHold() async throws {
        try await withServer(mocks: testMocks, simulation: SimulationSettings(maxHold: .milliseconds(300))) {
            base async throws in
            // By default it would hold the request for 300 s.
            let connection = try RawConnection(port: base.port!, timeout: 60)
            let started = ContinuousClock.now
            await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nX-StandIn-Fault: timeout\r\n\r\n")
            let (text, closed) = await connection.readAllTimed()
            #expect(text.isEmpty)
            #expect(closed - started >= .milliseconds(300) && closed - started < .seconds(20))
        }
    }

    @Test func slowBodyTricklesTheWholeBodyAtTheRate() async throws {
        try await withMocks([
            "slow.json":
                #"{"request": {"path": "/slow"}, "response": {"text": "\#(String(repeating: "x", count: 300))"}}"#
        ]) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                var response: FetchedResponse?
                let time = try await elapsed {
                    response = try await fetch(base, "/slow", headers: ["X-StandIn-Fault": "slow-body"])
                }
                #expect(response?.text == String(repeating: "x", count: 300))
                // 1,024 bytes/s in 100 ms ticks of 102 bytes: 300 bytes take three ticks.
                #expect(time >= .milliseconds(200), "took \(time)")
            }
        }
    }

    @Test func sameSeedGivesTheSameFailures() async throws {
        func pattern(seed: UInt64) async throws -> [Int] {
            var statuses: [Int] = []
            let settings = SimulationSettings(failRates: [try FailRate(parsing: "0.3:503")], seed: seed)
            try await withServer(mocks: testMocks, simulation: settings) { base async throws in
                for _ in 0..<40 { statuses.append(try await fetch(base, "/text").status) }
            }
            return statuses
        }
        let first = try await pattern(seed: 42)
        #expect(first == (try await pattern(seed: 42)))
        #expect(first.contains(503) && first.contains(200))
        #expect(first != (try await pattern(seed: 7)))
    }

    @Test func failRateCanInjectFaults() async throws {
        let settings = SimulationSettings(failRates: [try FailRate(parsing: "1:connection-reset")], seed: 1)
        try await withServer(mocks: testMocks, simulation: settings) { base async throws in
            await #expect { try await fetch(base, "/text") } throws: {
                ($0 as? URLError)?.code == .networkConnectionLost
            }
            #expect(try await fetch(base, "/text", headers: ["X-StandIn-Status": "200"]).status == 200)
        }
    }
}
