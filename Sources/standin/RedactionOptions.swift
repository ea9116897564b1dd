import ArgumentParser
import StandInFixtures

/// The options that say what is kept out of written fixtures, shared by `record` and the imports.
struct RedactionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also keep this header out of the files (repeatable).", valueName: "name"))
    var redactHeader: [String] = []

    @Option(
        name: .customLong("redact-json-field"),
        help: ArgumentHelp(
            "Also treat this JSON member or query/form parameter name as secret, at any depth (repeatable).",
            valueName: "name"
        )
    )
    var redactJSONField: [String] = []

    @Flag(help: "Write secrets to the files as they came, for this run only (a throwaway backend's test data).")
    var keepSecrets = false

    /// The redactor these options describe.
    var redactor: Redactor {
        Redactor(headers: redactHeader, jsonFields: redactJSONField, keepsSecrets: keepSecrets)
    }

    /// Says loudly on standard error, with `--keep-secrets`, that `folder` will hold secrets in plain text.
    func warnIfKeepingSecrets(in folder: String) {
        guard keepSecrets else { return }
        printError(
            "WARNING: --keep-secrets: passwords, tokens, cookies and API keys are written to \(folder) IN PLAIN TEXT. Do not commit these files."
        )
    }
}

/// Checks an `--into` folder: inside the mocks directory, and not a folder StandIn skips.
func validateInto(_ into: String) throws {
    let parts = into.split(separator: "/", omittingEmptySubsequences: false)
    guard !into.isEmpty, !into.hasPrefix("/"),
        parts.allSatisfy({ !$0.isEmpty && $0 != ".." && $0 != "." && !$0.hasPrefix("_") && !$0.hasPrefix(".") })
    else {
        throw ValidationError(
            "--into must be a folder inside --mocks, like recorded or recorded/v2 (no .., and no name starting with _ or ., which StandIn skips)."
        )
    }
}
