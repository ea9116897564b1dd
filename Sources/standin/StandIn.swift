import ArgumentParser

/// The `standin` command: a local mock API server for app development and tests.
@main
struct StandIn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "standin",
        abstract: "A local mock API server that stands in for your backend.",
        discussion: """
            StandIn answers HTTP requests from fixture files in a mocks directory (one JSON file per endpoint), \
            in your backend's response envelope.
            """,
        subcommands: [Serve.self, Record.self, Check.self, List.self],
        defaultSubcommand: Serve.self
    )
}

/// The option every subcommand shares: where the fixtures are.
struct MocksOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The mocks directory.", valueName: "dir"))
    var mocks: String = "Mocks"
}
