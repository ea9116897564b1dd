import Foundation
import ServerTestSupport
import Testing

@testable import StandInFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the file system refuses: the error keeps the `errno` and says it, and nothing is left behind.
@Suite struct FixtureFileWriterTests {
    @Test func aRefusedRenameKeepsItsErrnoAndLeavesNoTemporaryFile() async throws {
        // A folder with a file in it where the fixture should go: rename(2) refuses to replace it with EISDIR.
        try await withMocks(["taken.json/kept.txt": "kept"]) { directory in
            let writer = FixtureFileWriter(root: directory, syncsEachFile: false)
            let error = try #require(throws: RecordingError.self) {
                try writer.write(Array("{}".utf8), to: "taken.json")
            }
            guard case .cannotWrite(let path, let errorNumber) = error else {
                Issue.record("expected cannotWrite, got \(error)")
                return
            }
            #expect(path == "taken.json")
            #expect(errorNumber == EISDIR)
            #expect(
                error.description == "cannot write taken.json: \(String(cString: strerror(EISDIR))) (errno \(EISDIR))"
            )
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left == ["taken.json"])
            let kept = directory.appendingPathComponent("taken.json/kept.txt")
            #expect(try String(contentsOf: kept, encoding: .utf8) == "kept")
        }
    }
}
