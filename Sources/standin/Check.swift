import ArgumentParser
import Foundation
import StandInFixtures

/// `standin check`: validate every fixture file.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate every fixture file; print file:line: reason for each problem.",
        discussion: "Exits with status 1 if any file is broken, so it can guard a commit or a CI step."
    )

    @OptionGroup var mocks: MocksOptions

    func run() throws {
        let loaded = try loadFixtures(from: mocks.mocks)
        let resources = loaded.resources.isEmpty ? "" : ", \(loaded.resources.count) of them resource(s)"
        let fine = "\(loaded.endpointFixtures.count) fixture(s) OK\(resources)."
        for diagnostic in loaded.diagnostics { print(diagnostic) }
        guard loaded.diagnostics.isEmpty else {
            print("\(loaded.diagnostics.count) problem(s) in \(loaded.brokenIDs.count) file(s); \(fine)")
            throw ExitCode.failure
        }
        print(fine)
    }
}

/// Loads a mocks directory, turning an unreadable directory into a message and exit status 1.
func loadFixtures(from directory: String) throws -> FixtureLoadResult {
    do {
        return try FixtureLoader(directory: URL(fileURLWithPath: directory)).load()
    } catch {
        printError("standin: \(error)")
        throw ExitCode.failure
    }
}
