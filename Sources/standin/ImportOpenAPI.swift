import ArgumentParser
import Foundation
import StandInFixtures
import StandInTooling

/// `standin import openapi SPEC`: one fixture per operation of an OpenAPI 3.0 or 3.1 spec, JSON or YAML.
struct ImportOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Write a fixture for every operation of an OpenAPI 3.0 or 3.1 spec (JSON or YAML).",
        discussion: """
            Each operation answers at the path of servers[0].url followed by its own path. The lowest 2xx response \
            is the default answer; every other response code is a variant named by its code ("404"), and every \
            named example a variant by its name. Bodies are the spec's examples, else generated from the schema, \
            and are served as the spec describes them (not in the project's envelope).
            """
    )

    @Argument(help: "The OpenAPI spec file (.json, .yaml or .yml).")
    var spec: String

    @OptionGroup var mocks: MocksOptions

    @Option(help: "The folder under --mocks that the fixtures go to; an import replaces it whole.")
    var into = "imported/openapi"

    func run() throws {
        let url = URL(fileURLWithPath: spec)
        let root: JSONNode
        do {
            root = try SpecDocument.read(url)
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
        try runImport(mocks: mocks.mocks, into: into) { staging in
            try OpenAPIImporter.write(root, source: url.lastPathComponent, into: staging)
        }
    }
}
