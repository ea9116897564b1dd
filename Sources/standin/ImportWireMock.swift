import ArgumentParser
import Foundation
import StandInFixtures
import StandInTooling

/// `standin import wiremock`: fixtures from WireMock stub mappings.
struct ImportWireMock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wiremock",
        abstract: "Write fixtures from WireMock stub mappings.",
        discussion: """
            PATH is a folder holding mappings/ (or the mappings folder itself), or one mapping file: \
            {"mappings": [...]} or a single stub. bodyFileName bodies are read from the __files folder beside it. \
            Each stub becomes a fixture; a scenario whose stubs share one request becomes a sequence; WireMock's \
            priority 1 (the highest) becomes StandIn's 4 and its default 5 becomes 0. Secrets are redacted as \
            `standin record` redacts them.
            """
    )

    @Argument(help: ArgumentHelp("The mappings folder or file.", valueName: "path"))
    var path: String

    @OptionGroup var mocks: MocksOptions

    @Option(
        help: ArgumentHelp("The folder under --mocks the fixtures go to; an import replaces it.", valueName: "folder")
    )
    var into = "imported/wiremock"

    @OptionGroup(title: "Secrets")
    var redaction: RedactionOptions

    func validate() throws {
        try validateInto(into)
    }

    func run() throws {
        redaction.warnIfKeepingSecrets(in: "\(mocks.mocks)/\(into)")
        let importer = WireMockImporter(redactor: redaction.redactor)
        let source = URL(fileURLWithPath: path)
        try runImport(mocks: mocks.mocks, into: into) { staging in
            try importer.run(path: source, into: staging)
        }
    }
}
