import ArgumentParser

/// The `standin` command: a local mock API server for app development and tests.
///
/// Synchronous, like its subcommands: an async entry point hands the main thread to Dispatch, which then runs
/// threads of its own, and `serve --threads 1` is meant to be a one-thread process.
@main
struct StandIn: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "standin",
        abstract: "A local mock API server that stands in for your backend.",
        discussion: """
            StandIn answers HTTP requests from fixture files in a mocks directory (one JSON file per endpoint), \
            in your backend's response envelope.
            """,
        version: Version.current,
        subcommands: [
            Serve.self, Record.self, Check.self, List.self, Coverage.self, Drift.self, Import.self,
            CertificateAuthorityCommand.self,
        ],
        defaultSubcommand: Serve.self
    )

    /// Refuses a first argument that names no command before parsing, which would hand it to `serve` (the default
    /// command) as an unexpected argument and print serve's usage.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let commands = configuration.subcommands.map { $0._commandName } + ["help"]
        if let message = UnknownCommand.message(for: arguments, commands: commands) {
            printError("standin: \(message)")
            exit(withError: ExitCode.validationFailure)
        }
        main(arguments)
    }
}

/// The option every subcommand shares: where the fixtures are.
struct MocksOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The mocks directory.", valueName: "dir"))
    var mocks: String = "Mocks"
}
