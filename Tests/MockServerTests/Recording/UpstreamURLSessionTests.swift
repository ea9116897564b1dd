#if os(Linux)
import Foundation
import FoundationNetworking
import MockServer
import ServerTestSupport
import Testing
import URLSessionHostFix

/// The recorder reaches the backend through URLSession. On Linux, FoundationNetworking's host check leaked every
/// URL's parts and refused IPv6 literal hosts; StandIn links a corrected copy (target URLSessionHostFix).
@Suite(.serialized) struct UpstreamURLSessionTests {
    @Test func foundationNetworkingCallsTheCorrectedHostCheck() {
        #expect(standin_url_session_host_fix_is_active())
        #expect(!UpstreamMemory.growsPerRequest)
    }

    /// Measured in a process of its own: resident memory is the whole process's, and other tests allocate in
    /// parallel.
    @Test(.enabled(if: !ResidentMemory.isUnderSanitizer, "sanitizers change what resident memory means"))
    func urlSessionRequestsLeaveMemoryFlat() async throws {
        let requests = Self.measuredRequests
        let alone = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
            print(try await Self.residentGrowth(over: Self.measuredRequests))
        }
        let output = String(decoding: alone.standardOutputContent, as: UTF8.self)
        let growth = try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)), "printed \(output)")
        // The leak kept 150 to 190 bytes per request.
        #expect(growth / requests < 40, "memory grew by \(growth) bytes over \(requests) requests")
    }

    private static let measuredRequests = 5000

    /// How many bytes resident memory grows by over `requests` URLSession requests, one after another, to a server in
    /// this process, after 1,000 to warm up.
    private static func residentGrowth(over requests: Int) async throws -> Int {
        var growth = 0
        try await withServer(journalSize: 0) { base async throws in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let url = base.appendingPathComponent("text")
            func send(_ count: Int) async throws {
                for _ in 0..<count {
                    let (data, _) = try await session.data(from: url)
                    guard String(decoding: data, as: UTF8.self) == "plain words" else {
                        throw URLError(.badServerResponse)
                    }
                }
            }
            try await send(1000)
            let before = ResidentMemory.bytes()
            try await send(requests)
            growth = ResidentMemory.bytes() - before
        }
        return growth
    }

    @Test func recordingReachesAnIPv6LiteralUpstream() async throws {
        try await withServer(host: "::1") { base async throws in
            let upstream = try #require(URL(string: "http://[::1]:\(base.port!)"))
            try await withTemporaryMocks([:]) { mocks in
                _ = try await withRecordingServer(upstream: upstream, mocks: mocks) { proxy in
                    let answer = try await fetch(proxy, "/text")
                    #expect(answer.status == 200)
                    #expect(answer.text == "plain words")
                }
                #expect(files(under: mocks).count == 1)
            }
        }
    }
}
#endif
