import Foundation
import ServerTestSupport
import StandInFixtures
import Testing

@testable import MockServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Numbers, patterns and bytes a client or a careless fixture can send, against a real server.
@Suite struct HostileInputTests {
    private static let regexMocks = [
        "nested.json": #"{"request": {"pathRegex": "^/pr/(a+)+$"}, "response": {"text": "nested"}}"#,
        "split.json": #"{"request": {"pathRegex": "^/p/(.*)(.*)(.*)x$"}, "response": {"text": "split"}}"#,
        "ok.json": #"{"request": {"path": "/ok"}, "response": {"text": "ok"}}"#,
    ]

    @Test func aHugeDelayHeaderIsA400AndTheServerStaysUp() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            for value in ["10000000000s", "median=1us,p99=9000000000s", "1ms..99999999999m"] {
                let response = try await fetch(base, "/text", headers: ["X-StandIn-Delay": value])
                #expect(response.status == 400, "\(value)")
                let message = try response.json()["message"] as? String
                #expect(message?.contains("longer than the longest duration StandIn accepts, 1 hour") == true)
            }
            #expect(try await fetch(base, "/__standin/health").status == 200)
        }
    }

    @Test func aDelayHeaderAboveMaxHoldIsA400NamingTheCap() async throws {
        try await withServer(mocks: testMocks, simulation: SimulationSettings(maxHold: .seconds(1))) {
            base async throws in
            for value in ["2s", "100ms..1500ms", "median=100ms,p99=5s"] {
                let response = try await fetch(base, "/text", headers: ["X-StandIn-Delay": value])
                #expect(response.status == 400, "\(value)")
                let message = try response.json()["message"] as? String
                #expect(message?.hasSuffix("is longer than the server's --max-hold of 1s") == true, "\(message ?? "")")
            }
            #expect(try await fetch(base, "/text", headers: ["X-StandIn-Delay": "50ms"]).status == 200)
        }
    }

    @Test func aDelayHeaderInAnUnknownUnitNamesTheUnitsAndTheCap() async throws {
        try await withServer(mocks: testMocks, simulation: SimulationSettings(maxHold: .seconds(1))) {
            base async throws in
            let response = try await fetch(base, "/text", headers: ["X-StandIn-Delay": "2h"])
            #expect(response.status == 400)
            let message = try #require(try response.json()["message"] as? String)
            #expect(message.contains("us, ms, s or m"), "\(message)")
            #expect(message.hasSuffix("at most the server's --max-hold of 1s"), "\(message)")
        }
    }

    @Test func healthAnswersWhileRegexRequestsAreInFlight() async throws {
        try await withMocks(Self.regexMocks) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let heavy = [
                    "/pr/" + String(repeating: "a", count: 28) + "b", "/p/" + String(repeating: "a", count: 97),
                ]
                let requests = Task {
                    try await withThrowingTaskGroup(of: Int.self) { group in
                        for index in 0..<8 { group.addTask { try await fetch(base, heavy[index % 2]).status } }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                let health = try await fetch(base, "/__standin/health", timeout: 20)
                #expect(health.status == 200)
                #expect(try await requests.value.allSatisfy { $0 == 404 })
            }
        }
    }

    @Test func aPathLongerThanARegexReadsIsANearMissThatSaysSo() async throws {
        try await withMocks(Self.regexMocks) { mocks async throws in
            let log = CapturedLog()
            try await withServer(mocks: mocks, logger: log.logger) { base async throws in
                let response = try await fetch(base, "/p/" + String(repeating: "a", count: 5_000))
                #expect(response.status == 404)
                #expect(response.text.contains("longer than the 100 bytes this regular expression reads"))
            }
            #expect(log.lines.contains { $0.contains("a regular expression was not tried on input longer") })
        }
    }

    @Test func anAccessLogLineStaysOneLineWhateverThePathHolds() throws {
        let pipe = Pipe()
        let log = AccessLog(output: StandardStream(descriptor: pipe.fileHandleForWriting.fileDescriptor))
        let forged = "/x\nGET /forged 200 ok.json 0.01ms"
        log.record(method: "GET", path: forged, status: 404, fixture: nil, details: nil, duration: .zero)
        log.record(method: "GET", path: "/\u{1b}[2J\u{0}\\", status: 404, fixture: nil, details: nil, duration: .zero)
        log.flush()
        try pipe.fileHandleForWriting.close()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"GET /x\x0aGET /forged 200 ok.json 0.01ms 404 NO MATCH"#) == true)
        #expect(lines.last?.hasPrefix(#"GET /\x1b[2J\x00\\ 404 NO MATCH"#) == true)
    }
}
