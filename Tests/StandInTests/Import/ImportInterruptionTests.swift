import Foundation
import ServerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An import stopped part way leaves no `.standin-import-*` folder: one stopped by a signal removes its own, and
/// one killed outright has its folder removed by the next import. The import is held midway (stopped while its
/// staging folder is there) when the signal comes.
@Suite struct ImportInterruptionTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringAnImportRemovesItsStagingFolder(signal: Int32) async throws {
        try await withFolder { folder in
            let mocks = folder.appendingPathComponent("Mocks")
            try writeFile("{}", to: mocks.appendingPathComponent("imported/har/kept.json"))
            let importer = try await startImportHeldMidway(from: folder, into: mocks)
            kill(importer.processIdentifier, signal)
            kill(importer.processIdentifier, SIGCONT)
            await onOwnThread { importer.waitUntilExit() }
            #expect(importer.terminationReason == .exit && importer.terminationStatus == 128 + signal)
            let left = try FileManager.default.subpathsOfDirectory(atPath: mocks.path).sorted()
            #expect(left == ["imported", "imported/har", "imported/har/kept.json"], "the mocks as they were")
        }
    }

    @Test func theFolderOfAKilledImportIsRemovedByTheNextOne() async throws {
        try await withFolder { folder in
            let mocks = folder.appendingPathComponent("Mocks")
            let importer = try await startImportHeldMidway(from: folder, into: mocks)
            kill(importer.processIdentifier, SIGKILL)
            await onOwnThread { importer.waitUntilExit() }
            #expect(try stagingFolders(in: mocks).count == 1, "SIGKILL leaves no time to clean up")

            let mapping = folder.appendingPathComponent("stub.json")
            try writeFile(#"{"request": {"url": "/a"}, "response": {"status": 200}}"#, to: mapping)
            let next = try await StandInBinary.run(["import", "wiremock", mapping.path, "--mocks", mocks.path])
            #expect(next.status == 0, "\(next.error)")
            #expect(try stagingFolders(in: mocks).isEmpty)
        }
    }

    /// Starts `standin import har` on a capture with an 8 MB body and returns it stopped (SIGSTOP) while its staging
    /// folder is there, that is between making the folder and removing it: the import is held midway whatever the
    /// machine's speed. An import that ended before it could be stopped is run again.
    private func startImportHeldMidway(from folder: URL, into mocks: URL) async throws -> ChildProcess {
        let capture = folder.appendingPathComponent("capture.har")
        let text = String(repeating: "x", count: 8 << 20)
        try writeFile(
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "http://api.test/big"}, "#
                + #""response": {"status": 200, "content": {"mimeType": "text/plain", "text": "\#(text)"}}}]}}"#,
            to: capture
        )
        try FileManager.default.createDirectory(at: mocks, withIntermediateDirectories: true)
        let before = try FileManager.default.subpathsOfDirectory(atPath: mocks.path)
        for _ in 0..<5 {
            let process = ChildProcess()
            process.executableURL = StandInBinary.url
            process.arguments = ["import", "har", capture.path, "--mocks", mocks.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let held = await onOwnThread { [mocks] in
                // A watchdog, not a timing: the folder comes as soon as the process has started.
                for _ in 0..<20_000 where process.isRunning {
                    if (try? stagingFolders(in: mocks))?.isEmpty == false {
                        kill(process.processIdentifier, SIGSTOP)
                        if (try? stagingFolders(in: mocks))?.isEmpty == false { return true }
                        kill(process.processIdentifier, SIGCONT)
                    }
                    usleep(1000)
                }
                process.waitUntilExit()
                return false
            }
            if held { return process }
            // It ended first: put the mocks back as they were and try again.
            for path in try FileManager.default.subpathsOfDirectory(atPath: mocks.path) where !before.contains(path) {
                try? FileManager.default.removeItem(at: mocks.appendingPathComponent(path))
            }
        }
        Issue.record("the import always ended before it could be held midway")
        throw CancellationError()
    }
}

private func stagingFolders(in mocks: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: mocks.path).filter { $0.hasPrefix(".standin-import-") }
}
