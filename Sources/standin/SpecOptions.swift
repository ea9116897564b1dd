import ArgumentParser
import Foundation
import MockServer
import StandInContract
import StandInTooling

/// `--spec FILE`: the OpenAPI document a command holds fixtures, a backend or requests to (`check`, `record`,
/// `coverage`, `serve`).
struct SpecOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "An OpenAPI 3.0 or 3.1 document (JSON or YAML) to hold the responses to.",
            valueName: "file"
        )
    )
    var spec: String?

    /// The contract `--spec` names, nil without `--spec`. A file that cannot be used is printed as one line on
    /// standard error (`standin: api.yaml is not valid YAML or JSON: line 3, column 7: …`) and exits with status 1.
    func contract() throws -> Contract? {
        guard let spec else { return nil }
        do {
            return try Contract.load(specFile: URL(fileURLWithPath: spec))
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
    }
}

extension ServedContract.Mode: ExpressibleByArgument {}
