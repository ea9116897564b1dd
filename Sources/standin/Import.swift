import ArgumentParser
import Foundation
import StandInFixtures
import StandInTooling

/// `standin import`: fixtures from where they already are (HAR captures, WireMock mappings, OpenAPI specs).
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write fixtures from a HAR capture, WireMock mappings or an OpenAPI spec.",
        discussion: """
            Each source is written to its own folder under --mocks (--into), which an import replaces whole: the \
            fixtures are written to a hidden folder first, checked as `standin check` checks them (one that does \
            not load is left out, with a warning), and moved into place together. Prints a table of what was \
            written, and a warning (source entry, field, why) on standard error for everything that could not be \
            carried over. An import stopped by SIGINT, SIGTERM or SIGHUP leaves the mocks directory as it was.
            """,
        subcommands: [ImportHAR.self, ImportWireMock.self, ImportOpenAPI.self]
    )
}

/// Runs one import: stages the fixtures `importer` writes, checks them as `standin check` would, moves them into
/// place, and prints the table of what was written and every warning. A staged fixture that does not load is left
/// out with a warning naming it, its line and why; the others are written. Exits 1, leaving the mocks directory as
/// it was, when the importer throws; messages name where files were to go, never the staging folder, which is
/// removed whatever happens (an error, or SIGINT, SIGTERM or SIGHUP during the import).
func runImport(
    mocks: String,
    into: String,
    importer: (ImportStaging) throws -> [ImportWarning]
) throws {
    let interruption = ImportInterruption()
    defer { interruption.stop() }
    let staging: ImportStaging
    do {
        staging = try interruption.stage { try ImportStaging(mocksDirectory: URL(fileURLWithPath: mocks), into: into) }
    } catch {
        printError("standin: \(error)")
        throw ExitCode.failure
    }
    defer { staging.discard() }
    do {
        var warnings = try importer(staging)
        var staged = try FixtureLoader(directory: staging.root).load()
        if !staged.brokenIDs.isEmpty {
            warnings += staging.removeBroken(staged)
            staged = try FixtureLoader(directory: staging.root).load()
        }
        guard staged.diagnostics.isEmpty else {
            for diagnostic in staged.diagnostics {
                printError("standin: import wrote a broken fixture: \(staging.naming(diagnostic.description))")
            }
            throw ExitCode.failure
        }
        try interruption.exclusively { try staging.commit() }
        print(EndpointTable(staged.fixtures).rendered)
        for warning in warnings { printError("warning: \(warning)") }
        print("\(staged.fixtures.count) fixture(s) written to \(into), \(warnings.count) warning(s).")
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("standin: \(staging.naming(String(describing: error)))")
        throw ExitCode.failure
    }
}
