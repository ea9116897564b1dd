#if os(Linux)
import Foundation
import ServerTestSupport
import StandInFixtures
import Testing

/// A recording run keeps what it needs to grow a fixture into a sequence, not the large bodies it has written: a long
/// run of downloads would otherwise keep every one of them in memory.
@Suite struct RecorderMemoryTests {
    @Test(.enabled(if: !ResidentMemory.isUnderSanitizer, "sanitizers change what resident memory means"))
    func largeAnswersAreLetGoOfOnceTheirFilesAreWritten() async throws {
        let alone = try await AloneProcess.run("RecorderMemoryAlone")
        #expect(alone.status == 0, "\(alone.output)")
        let growth = try #require(Int(alone.report), "the measuring process reported nothing: \(alone.output)")
        // Kept, the answers would add their 48 MiB; let go of, what remains is the allocator's for a few of them.
        let recorded = RecorderMemoryAlone.answers * RecorderMemoryAlone.size
        #expect(
            growth < 8 * RecorderMemoryAlone.size,
            "resident memory grew \(growth) bytes over \(recorded) bytes of answers"
        )
    }
}

/// Measures, in the process `largeAnswersAreLetGoOfOnceTheirFilesAreWritten` starts, how much resident memory grows
/// while a recorder writes twenty-four different 2 MiB answers.
@Suite(
    .enabled(
        if: AloneProcess.reportFile != nil,
        "runs only alone, in the process of largeAnswersAreLetGoOfOnceTheirFilesAreWritten"
    )
)
struct RecorderMemoryAlone {
    static let answers = 24
    static let size = 2 * 1024 * 1024

    @Test func residentGrowthOverLargeAnswers() async throws {
        let report = try #require(AloneProcess.reportFile)
        try await withMocks([:]) { mocks in
            let recorder = FixtureRecorder(mocksDirectory: mocks, into: "recorded", rules: RecordingRules())
            let before = ResidentMemory.bytes()
            for index in 0..<Self.answers {
                let exchange = RecordedExchange(
                    method: "GET",
                    path: "/downloads/\(index)",
                    status: 200,
                    responseHeaders: [("Content-Type", "application/octet-stream")],
                    responseBody: [UInt8](repeating: UInt8(index), count: Self.size)
                )
                _ = try await recorder.record(exchange)
            }
            try writeFile(String(ResidentMemory.bytes() - before), to: report)
        }
    }
}
#endif
