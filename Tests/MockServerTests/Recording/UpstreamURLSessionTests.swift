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
        let requests = URLSessionMemoryAlone.requestsPerWindow
        // The leak kept 150 to 190 bytes per request in every window; without it, the allocator grows in bursts that
        // reached 100 bytes a request in one window of 5,000 and 40 in most.
        #expect(
            growth / requests < 100,
            "memory grew by at least \(growth) bytes in each window of \(requests) requests"
        )
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
///
/// A leak grows memory in every window of requests; the allocator grows it in bursts. So the figure reported is the
/// smallest growth over a few windows.
@Suite(
    .enabled(if: AloneProcess.reportFile != nil, "runs only alone, in the process of urlSessionRequestsLeaveMemoryFlat")
)
struct URLSessionMemoryAlone {
    /// How many requests each window measures, one after another, after 1,000 to warm up.
    static let requestsPerWindow = 2000
    static let windows = 3

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
            var growths: [Int] = []
            for _ in 0..<Self.windows {
                let before = ResidentMemory.bytes()
                try await send(Self.requestsPerWindow)
                growths.append(ResidentMemory.bytes() - before)
            }
            try writeFile(String(growths.min() ?? 0), to: report)
        }
    }
}
#endif
