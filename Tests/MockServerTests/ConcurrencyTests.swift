import Foundation
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

    @Test func clientsHangingUpMidDelayCostNothing() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            ParallelClients.raiseFileLimit(to: 1024)
            for _ in 0..<200 {
                let connection = try RawConnection(port: base.port!)
                await connection.send(delayed.replacingOccurrences(of: "200ms", with: "2s"))
                connection.hangUp()
            }
            try await Task.sleep(for: .milliseconds(100))
            #expect(try await fetch(base, "/text").text == "plain words")
        }
    }

    @Test func clientHangingUpDuringASlowBodyIsSafe() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            for _ in 0..<20 {
                let connection = try RawConnection(port: base.port!)
                await connection.send("GET /users/1 HTTP/1.1\r\nHost: x\r\nX-StandIn-Fault: slow-body\r\n\r\n")
                try await Task.sleep(for: .milliseconds(5))
                connection.hangUp()
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await fetch(base, "/text").text == "plain words")
        }
    }
}
