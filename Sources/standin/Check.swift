import ArgumentParser
import Foundation
import StandInContract
import StandInFixtures
import StandInTooling

/// `standin check`: validate every fixture file, and with `--spec` every response against an OpenAPI document.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate every fixture file; print file:line: reason for each problem.",
        discussion: """
            Exits with status 1 if any file is broken, so it can guard a commit or a CI step. With --spec, every \
            response, variant and sequence step of a fixture that answers an operation of the spec is also checked \
            against the spec's response for its status and content type (templates rendered with sample values), \
            each violation printed as file:line: METHOD PATH variant NAME: data.items[0].price: expected number, \
            got string; any violation is status 1 too. Fixtures the spec does not know are counted on one line. \
            Two fixtures that differ only by request.host answer the same requests on the main port, where hosts are \
            not matched: each such pair is printed as file:line: warning: …, which does not change the status.
            """
    )

    @OptionGroup var mocks: MocksOptions

    @OptionGroup var spec: SpecOptions

    func run() throws {
        let contract = try spec.contract()
        let loaded = try loadFixtures(from: mocks.mocks)
        let resources = loaded.resources.isEmpty ? "" : ", \(loaded.resources.count) of them resource(s)"
        let fine = "\(loaded.endpointFixtures.count) fixture(s) OK\(resources)."
        for diagnostic in loaded.diagnostics { print(diagnostic) }
        for collision in HostCollision.all(in: loaded) { print(collision) }
        if loaded.diagnostics.isEmpty {
            print(fine)
        } else {
            print("\(loaded.diagnostics.count) problem(s) in \(loaded.brokenIDs.count) file(s); \(fine)")
        }
        var broken = !loaded.diagnostics.isEmpty
        if let contract, let file = spec.spec {
            let report = ContractFixtureCheck(contract: contract, fixtures: loaded).run()
            for finding in report.findings { print(finding) }
            print(Self.summary(of: report, spec: file))
            broken = broken || !report.findings.isEmpty
        }
        if broken { throw ExitCode.failure }
    }

    /// `12 response(s) checked against api.yaml, 2 broke it; 3 fixture(s) not in the spec: GET /ping, …`.
    static func summary(of report: ContractFixtureCheck.Report, spec: String) -> String {
        let name = URL(fileURLWithPath: spec).lastPathComponent
        let broke = report.brokenResponses == 0 ? "all conform" : "\(report.brokenResponses) broke it"
        var line = "\(report.checkedResponses) response(s) checked against \(name), \(broke)"
        if !report.notInSpec.isEmpty {
            let shown = report.notInSpec.prefix(5).joined(separator: ", ")
            let more = report.notInSpec.count > 5 ? " and \(report.notInSpec.count - 5) more" : ""
            line += "; \(report.notInSpec.count) fixture(s) not in the spec: \(shown)\(more)"
        }
        return line + "."
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
