import Foundation
import Logging
import MockServer
import ServerTestSupport
import Testing

/// The server with several event loops: every loop answers from the same fixtures, sequences, journal and hit counts.
@Suite struct ThreadsTests {
    private static let hello = """
        { "request": { "method": "GET", "path": "/hello" }, "response": { "text": "hello" } }
        """
    private static let steps = 120
    /// A sequence whose every step has its own body: `step 0`, `step 1`, ….
    private static let counting = """
        { "request": { "method": "GET", "path": "/step" },
          "sequence": [ \((0..<steps).map { "{ \"text\": \"step \($0)\" }" }.joined(separator: ", ")) ] }
        """

    private func get(_ path: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    }

    @Test func concurrentClientsOnFourThreadsAreAllAnsweredJournaledAndCounted() async throws {
        try await withMocks(["hello.json": Self.hello]) { mocks in
            try await withServer(mocks: mocks, threads: 4) { base in
                let results = try await ParallelClients.send(get("/hello"), count: 400, port: base.port!)
                #expect(results.count == 400)
                #expect(results.allSatisfy { $0.response.hasPrefix("HTTP/1.1 200") && $0.response.hasSuffix("hello") })
                let journal = try await fetch(base, "/__standin/requests?path=/hello").json()
                #expect(journal["count"] as? Int == 400)
                let fixtures = try await fetch(base, "/__standin/fixtures").json()["fixtures"] as? [[String: Any]]
                #expect(fixtures?.first?["hits"] as? Int == 400)
            }
        }
    }

    @Test(arguments: [1, 2, 4])
    func aPortAnotherServerHoldsIsAddressInUseAtAnyThreadCount(threads: Int) async throws {
        try await withMocks(["hello.json": Self.hello]) { mocks in
            try await withServer(mocks: mocks, threads: 2) { base in
                let port = try #require(base.port)
                let configuration = MockServerConfiguration(
                    mocksDirectory: mocks,
                    port: port,
                    threads: threads,
                    accessLog: false,
                    watch: false
                )
                let second = try MockServer(configuration: configuration, logger: Logger(label: "test"))
                #expect {
                    try second.start()
                } throws: { error in
                    "\(error)" == "cannot listen on 127.0.0.1:\(port): address in use"
                }
                second.stop()
                let results = try await ParallelClients.send(get("/hello"), count: 20, port: port)
                #expect(results.allSatisfy { $0.response.hasPrefix("HTTP/1.1 200") && $0.response.hasSuffix("hello") })
            }
        }
    }

    @Test func sequenceStepsAreServedExactlyOnceEachAcrossThreads() async throws {
        try await withMocks(["step.json": Self.counting]) { mocks in
            try await withServer(mocks: mocks, threads: 4) { base in
                let results = try await ParallelClients.send(get("/step"), count: Self.steps, port: base.port!)
                let bodies = results.compactMap { $0.response.components(separatedBy: "\r\n\r\n").last }
                #expect(bodies.sorted() == (0..<Self.steps).map { "step \($0)" }.sorted())
            }
        }
    }

    @Test func reloadsUnderLoadLoseNoRequest() async throws {
        try await withMocks(["hello.json": Self.hello]) { mocks in
            try await withServer(mocks: mocks, threads: 2) { base in
                let reloads = Task {
                    for _ in 0..<20 {
                        _ = try await fetch(base, "/__standin/reload", method: "POST")
                    }
                }
                for _ in 0..<5 {
                    let results = try await ParallelClients.send(get("/hello"), count: 100, port: base.port!)
                    #expect(results.allSatisfy { $0.response.hasPrefix("HTTP/1.1 200") })
                }
                try await reloads.value
            }
        }
    }

    /// Every thread serves the edit; the server's log says when it was loaded.
    @Test func anEditedFileServesOnEveryThreadAfterOneReload() async throws {
        let log = CapturedLog()
        try await withMocks(["hello.json": Self.hello]) { mocks in
            try await withServer(mocks: mocks, watch: true, threads: 2, logger: log.logger) { base in
                let edited = Self.hello.replacingOccurrences(of: "\"hello\" }", with: "\"edited\" }")
                let time = try await reloadTime(loggedIn: log) {
                    try writeFile(edited, to: mocks.appendingPathComponent("hello.json"))
                } until: {
                    let results = try await ParallelClients.send(get("/hello"), count: 20, port: base.port!)
                    return results.allSatisfy { $0.response.hasSuffix("\r\n\r\nedited") }
                }
                // The time to the logged reload: the debounce plus one load, with slack for a loaded machine.
                #expect(time < .seconds(5))
            }
        }
    }
}
