import ArgumentParser
import Foundation
import StandInClient
import StandInContract
import StandInTooling

/// `standin coverage`: which responses of a spec the fixtures answer, and which a running server has answered.
struct Coverage: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show which responses of an OpenAPI spec the fixtures cover and a running server exercised.",
        discussion: """
            One row per operation of --spec and status it lists (200, 4XX, default): the fixture responses \
            (responses, variants, sequence steps) that answer it, and with --server how many requests that \
            server's journal saw answered with it. A status falls under the entry that writes it out, else its \
            range (4XX), else default. Ends with a summary line; --json prints the rows as JSON instead.
            """
    )

    @OptionGroup var spec: SpecOptions

    @OptionGroup var mocks: MocksOptions

    @Option(
        help: ArgumentHelp(
            "A running StandIn (http://127.0.0.1:8080) whose request journal says what was exercised.",
            valueName: "url"
        )
    )
    var server: String?

    @Option(help: ArgumentHelp("The --admin-token that server requires, if any.", valueName: "token"))
    var adminToken: String?

    @Flag(help: "Print the rows and the totals as JSON.")
    var json = false

    func validate() throws {
        guard spec.spec != nil else { throw ValidationError("coverage needs --spec FILE, the OpenAPI document.") }
        if let server {
            guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false
            else { throw ValidationError("--server must be an http or https URL, like http://127.0.0.1:8080.") }
        }
    }

    func run() throws {
        guard let contract = try spec.contract() else { return }
        let loaded = try loadFixtures(from: mocks.mocks)
        for diagnostic in loaded.diagnostics { printError("\(diagnostic)") }
        let journal = try server.map { try Self.journal(of: $0, token: adminToken) }
        let coverage = ContractCoverage(contract: contract, fixtures: loaded, journal: journal)
        printLine(json ? CoverageReport.json(coverage) : CoverageReport.table(coverage))
    }

    /// Every request the server at `url` has journaled; an unreachable server or a refused call exits with status 1.
    private static func journal(of url: String, token: String?) throws -> [ContractCoverage.Exchange] {
        let admin = StandInAdmin(baseURL: URL(string: url)!, token: token)
        let result = waitFor { () async -> Result<[ContractCoverage.Exchange], any Error> in
            do {
                let requests = try await admin.requests()
                return .success(requests.map { .init(method: $0.method, path: $0.path, status: $0.status) })
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let exchanges): return exchanges
        case .failure(let error):
            printError("standin: cannot read the journal of \(url): \(error)")
            throw ExitCode.failure
        }
    }
}
