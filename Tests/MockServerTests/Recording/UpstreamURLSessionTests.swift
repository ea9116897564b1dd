#if os(Linux)
import Foundation
import StandInSupport
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

    /// Measured in a process of its own (`URLSessionMemoryAlone`): resident memory is the whole process's, and other
    /// tests allocate in parallel.
    @Test(.enabled(if: !ResidentMemory.isUnderSanitizer, "sanitizers change what resident memory means"))
    func urlSessionRequestsLeaveMemoryFlat() async throws {
        let alone = try await AloneProcess.run("URLSessionMemoryAlone")
        #expect(alone.status == 0, "\(alone.output)")
        let growth = try #require(Int(alone.report), "the measuring process reported nothing: \(alone.output)")
        let requests = URLSessionMemoryAlone.requests
        // The leak kept 150 to 190 bytes per request; without it, allocators' own growth under load reached 40.
        #expect(growth / requests < 100, "memory grew by \(growth) bytes over \(requests) requests")
    }

    @Test func recordingReachesAnIPv6LiteralUpstream() async throws {
        try await withServer(mocks: testMocks, host: "::1") { base async throws in
            let upstream = try #require(URL(string: "http://[::1]:\(base.port!)"))
            try await withMocks([:]) { mocks in
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

/// Measures, in the process `urlSessionRequestsLeaveMemoryFlat` starts, how much resident memory grows over URLSession
/// requests to a server in the same process.
@Suite(
    .enabled(if: AloneProcess.reportFile != nil, "runs only alone, in the process of urlSessionRequestsLeaveMemoryFlat")
)
struct URLSessionMemoryAlone {
    /// How many requests are measured, one after another, after 1,000 to warm up.
    static let requests = 5000

    @Test func residentGrowthOverURLSessionRequests() async throws {
        let report = try #require(AloneProcess.reportFile)
        try await withServer(mocks: testMocks, journalSize: 0) { base async throws in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let url = base.appendingPathComponent("text")
            func send(_ count: Int) async throws {
                for _ in 0..<count {
                    let (data, _) = try await session.exchange(from: url)
                    #expect(String(decoding: data, as: UTF8.self) == "plain words")
                }
            }
            try await send(1000)
            let before = ResidentMemory.bytes()
            try await send(Self.requests)
            let growth = ResidentMemory.bytes() - before
            try writeFile(String(growth), to: report)
        }
    }
}
#endif
