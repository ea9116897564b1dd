import ArgumentParser
import Foundation
import StandInFixtures

/// `standin import`: fixtures from where they already are (HAR captures, WireMock mappings, OpenAPI specs).
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write fixtures from a HAR capture, WireMock mappings or an OpenAPI spec.",
        discussion: """
            Each source is written to its own folder under --mocks (--into), which an import replaces whole: the \
            fixtures are written to a hidden folder first and moved into place only when every one of them passes \
            `standin check`. Prints a table of what was written, and a warning (source entry, field, why) on \
            standard error for everything that could not be carried over.
            """,
        subcommands: [ImportHAR.self, ImportWireMock.self, ImportOpenAPI.self]
    )
}

/// Runs one import: stages the fixtures `importer` writes, checks them as `standin check` would, moves them into
/// place, and prints the table of what was written and every warning. Exits 1, leaving the mocks directory as it
/// was, when the importer throws or wrote a fixture that does not load.
func runImport(
    mocks: String,
    into: String,
    importer: (ImportStaging) throws -> [ImportWarning]
) throws {
    let staging: ImportStaging
    do {
        staging = try ImportStaging(mocksDirectory: URL(fileURLWithPath: mocks), into: into)
    } catch {
        printError("standin: \(error)")
        throw ExitCode.failure
    }
    defer { staging.discard() }
    do {
        let warnings = try importer(staging)
        let staged = try FixtureLoader(directory: staging.root).load()
        guard staged.diagnostics.isEmpty else {
            for diagnostic in staged.diagnostics { printError("standin: import wrote a broken fixture: \(diagnostic)") }
            throw ExitCode.failure
        }
        try staging.commit()
        print(EndpointTable(staged.fixtures).rendered)
        for warning in warnings { printError("warning: \(warning)") }
        print("\(staged.fixtures.count) fixture(s) written to \(into), \(warnings.count) warning(s).")
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("standin: \(error)")
        throw ExitCode.failure
    }
}
