import Foundation
import ServerTestSupport
import StandInFixtures
import StandInTooling
import Testing

/// The staging folder an import writes to: a staged fixture that does not load is left out with a warning that
/// names where it was to go, never the staging folder; the folder of an import whose process is gone is removed.
@Suite struct ImportStagingTests {
    @Test func aBrokenStagedFixtureIsLeftOutNamedByWhereItWasToGo() async throws {
        try await withMocks([:]) { mocks in
            let staging = try ImportStaging(mocksDirectory: mocks, into: "imported/x")
            defer { staging.discard() }
            try staging.write(Array(#"{"request": {"path": "/ok"}, "response": {"text": "ok"}}"#.utf8), to: "ok.json")
            try staging.write(
                Array("{\"request\": {\"path\": \"/bad\"},\n \"response\": {\"status\": 999}}".utf8),
                to: "bad.json"
            )
            let loaded = try FixtureLoader(directory: staging.root).load()
            let warnings = staging.removeBroken(loaded)
            #expect(
                warnings.map(\.description) == [
                    "imported/x/bad.json: line 2: response.status must be within 100...599, not 999; the fixture is left out."
                ]
            )
            let reloaded = try FixtureLoader(directory: staging.root).load()
            #expect(reloaded.diagnostics.isEmpty && reloaded.fixtures.count == 1)
            let error = "cannot write \(staging.root.path)/imported/x/bad.json"
            #expect(staging.naming(error) == "cannot write \(mocks.standardizedFileURL.path)/imported/x/bad.json")
        }
    }

    @Test func theFolderOfAProcessThatIsGoneIsRemovedByTheNextImport() async throws {
        try await withMocks([:]) { mocks in
            // Process ids are below 2^22 on Linux: this one runs nothing.
            let abandoned = mocks.appendingPathComponent("\(ImportStaging.folderPrefix)99999999-A")
            let running = mocks.appendingPathComponent("\(ImportStaging.folderPrefix)\(getpid())-B")
            for folder in [abandoned, running] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let staging = try ImportStaging(mocksDirectory: mocks, into: "imported/x")
            staging.discard()
            let left = try FileManager.default.contentsOfDirectory(atPath: mocks.path)
            #expect(left == [running.lastPathComponent], "a running import's folder is kept")
        }
    }
}
