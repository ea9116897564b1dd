import ArgumentParser
import Foundation
import StandInFixtures
import StandInTooling

/// `standin drift`: ask the real backend what each pinned fixture asks, and say where the answers' shapes differ.
struct Drift: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare the fixtures with the real backend: status, envelope code, Content-Type, JSON shape.",
        discussion: """
            Each fixture that pins one request (a literal path and method; query, headers and body given by value) \
            sends it to --upstream through the client core, and its answer is compared with what the fixture \
            serves, values aside: ids, times and names may change; keys added, removed or retyped, another status, \
            envelope code or Content-Type are drift. Secret headers are never taken from fixtures: pass \
            credentials with --header. A fixture whose request the fixtures answer with another fixture (its match \
            needs a header by prefix, say), or whose answer is a fault, is skipped and says why. Each backend call \
            ends after --timeout, however slowly its body comes, and a body past 16 MiB is not read. Exit status 1 \
            when anything drifted, 2 when nothing drifted but the backend could not be asked for some fixture, 0 \
            otherwise.
            """
    )

    @Option(help: ArgumentHelp("The real backend's base URL (http or https).", valueName: "url"))
    var upstream: String

    @OptionGroup var mocks: MocksOptions

    @Option(help: ArgumentHelp("Only fixtures whose id or endpoint matches this glob.", valueName: "glob"))
    var only: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            "Send this header to the backend, such as Authorization:Bearer… (repeatable).",
            valueName: "name:value"
        )
    )
    var headers: [String] = []

    @Option(help: ArgumentHelp("How long each backend call may take, its whole body included.", valueName: "duration"))
    var timeout = "30s"

    func validate() throws {
        guard let url = URL(string: upstream), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else { throw ValidationError("--upstream must be an http or https URL, like https://api.example.com.") }
        guard parsedHeaders.count == headers.count else {
            throw ValidationError("--header takes NAME:VALUE, like --header 'Authorization: Bearer abc'.")
        }
        guard (try? DurationText.parse(timeout)).map({ $0 > .zero }) == true else {
            throw ValidationError("--timeout must be a duration like 30s or 500ms.")
        }
    }

    private var parsedHeaders: [(name: String, value: String)] {
        headers.compactMap { header in
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else { return nil }
            return (
                String(header[..<colon]), header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    func run() throws {
        let check: DriftCheck
        do {
            check = try DriftCheck(directory: URL(fileURLWithPath: mocks.mocks), only: only)
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
        let upstream = URL(string: upstream)!
        let headers = parsedHeaders
        let limit = try DurationText.parse(timeout)
        let transport = DriftCheck.transport(to: upstream)
        let results = waitFor {
            await check.run(upstream: upstream, transport: transport, headers: headers, timeout: limit)
        }
        printLine(json ? DriftReport.json(results) : DriftReport.table(results))
        if results.contains(where: { $0.label == "drifted" }) { throw ExitCode.failure }
        if results.contains(where: { $0.label == "unreachable" }) { throw ExitCode(2) }
    }
}
