import ArgumentParser

/// `standin list`: the endpoints a mocks directory serves.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the endpoints of a mocks directory, with status and file.",
        discussion: "Broken files are reported as file:line: reason on standard error and left out."
    )

    @OptionGroup var mocks: MocksOptions

    func run() throws {
        let loaded = try loadFixtures(from: mocks.mocks)
        for diagnostic in loaded.diagnostics { printError(diagnostic.description) }
        print(EndpointTable(loaded.fixtures, resources: loaded.resources).rendered)
    }
}
