import Foundation
import MockServer
import ServerTestSupport
import Testing

@Suite struct ConcurrencyTests {
    private let delayed = "GET /text HTTP/1.1\r\nHost: x\r\nX-StandIn-Delay: 200ms\r\n\r\n"

    @Test func thousandConcurrentDelayedRequestsFinishTogether() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let results = try await ParallelClients.send(delayed, count: 1000, port: base.port!)
            let total = results.map(\.elapsed).max() ?? .zero
            #expect(results.allSatisfy { $0.response.hasPrefix("HTTP/1.1 200") })
            #expect(results.allSatisfy { $0.elapsed >= .milliseconds(200) })
            // One after another they would take 200 s.
            #expect(total < .seconds(20), "1,000 requests delayed 200 ms took \(total)")
        }
    }

    /// Clients held far longer than the test waits: only noticing that they hung up frees what they held in time.
    @Test func clientsHangingUpMidDelayCostNothing() async throws {
        try await heldThenHungUp(200, "GET /text HTTP/1.1\r\nHost: x\r\nX-StandIn-Delay: 240s\r\n\r\n")
    }

    /// 200 kB at the slow body's kilobyte a second: held far longer than the test waits, as above.
    @Test func clientHangingUpDuringASlowBodyIsSafe() async throws {
        let text = String(repeating: "slow ", count: 40_000)
        let fixture = #"{ "request": { "path": "/slow" }, "response": { "text": "\#(text)" } }"#
        try await withMocks(["slow.json": fixture]) { mocks async throws in
            try await heldThenHungUp(
                20,
                "GET /slow HTTP/1.1\r\nHost: x\r\nX-StandIn-Fault: slow-body\r\n\r\n",
                mocks: mocks,
                answer: "/slow",
                is: text
            )
        }
    }

    /// Sends `request` on `count` connections, waits until the server holds each of them with its deferred request,
    /// hangs them all up, and expects the server to let go of every connection and deferred request, and to answer
    /// `path` with `text` as before.
    private func heldThenHungUp(
        _ count: Int,
        _ request: String,
        mocks: URL = testMocks,
        answer path: String = "/text",
        is text: String = "plain words"
    ) async throws {
        let configuration = MockServerConfiguration(mocksDirectory: mocks, accessLog: false, watch: false)
        try await withRunningServer(configuration) { server async throws in
            ParallelClients.raiseFileLimit(to: 1024)
            var connections: [RawConnection] = []
            for _ in 0..<count {
                let connection = try RawConnection(port: server.port)
                #expect(await connection.send(request))
                connections.append(connection)
            }
            let holding = try await server.held { $0 == (count, count) }
            #expect(holding == (count, count), "(connections, deferred requests) held")
            for connection in connections { connection.hangUp() }
            let left = try await server.held { $0 == (0, 0) }
            #expect(left == (0, 0), "(connections, deferred requests) left after every client hung up")
            let base = URL(string: "http://127.0.0.1:\(server.port)")!
            #expect(try await fetch(base, path).text == text)
        }
    }
}
