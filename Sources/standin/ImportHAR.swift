import ArgumentParser
import Foundation
import StandInFixtures
import StandInTooling

/// `standin import har`: fixtures from a HAR capture, as `standin record` would have written the same traffic.
struct ImportHAR: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Write fixtures from a HAR 1.2 capture (browsers, Charles, Proxyman, mitmproxy).",
        discussion: """
            One fixture per distinct request, named as `standin record` names them; a request answered differently \
            later in the capture becomes a sequence of its answers; GraphQL operations become graphql fixtures \
            under graphql/, a batch one per operation. Bodies are stored decoded; Content-Encoding, \
            Content-Length, hop-by-hop and HTTP/2 pseudo-headers are left out; redirects replay as 3xx. Secrets are \
            redacted as `standin record` redacts them. Entries without a response or without their body are named \
            in a warning.
            """
    )

    @Argument(help: ArgumentHelp("The HAR file.", valueName: "file"))
    var file: String

    @OptionGroup var mocks: MocksOptions

    @Option(
        help: ArgumentHelp("The folder under --mocks the fixtures go to; an import replaces it.", valueName: "folder")
    )
    var into = "imported/har"

    @Option(
        name: .customLong("host"),
        help: ArgumentHelp("Import only the entries for this host, or host:port (repeatable).", valueName: "host")
    )
    var hosts: [String] = []

    @OptionGroup(title: "Secrets")
    var redaction: RedactionOptions

    func validate() throws {
        try validateInto(into)
    }

    func run() throws {
        redaction.warnIfKeepingSecrets(in: "\(mocks.mocks)/\(into)")
        // Envelope bodies are recognised in the project's format, as the recorder recognises them.
        let envelope = (try? FixtureLoader(directory: URL(fileURLWithPath: mocks.mocks)).load())?.config.envelope
        let rules = RecordingRules(redactor: redaction.redactor, envelope: envelope ?? .standard)
        let importer = HARImporter(rules: rules, hosts: hosts)
        let source = URL(fileURLWithPath: file)
        try runImport(mocks: mocks.mocks, into: into) { staging in
            try waitFor { () async -> Result<[ImportWarning], any Error> in
                do {
                    return .success(try await importer.run(file: source, into: staging))
                } catch {
                    return .failure(error)
                }
            }.get()
        }
    }
}
