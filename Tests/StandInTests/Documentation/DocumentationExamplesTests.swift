import Foundation
import NetworkCore
import Testing

/// The README's and docs/' console examples, run against `standin serve` on the sample Mocks/ and compared with the
/// output they show, so that a doc cannot silently go out of date (the convention is in docs/development.md).
@Suite struct DocumentationExamplesTests {
    /// Every Markdown file a reader is sent to, relative to the repository root.
    static let files: [String] = {
        let docs = StandInBinary.repositoryRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    private static func examples(in file: String) throws -> [ConsoleExample] {
        let text = try String(contentsOf: StandInBinary.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        return try ConsoleExample.examples(in: text, file: file)
    }

    /// The comment by which a page asks for its server to run with more options (`--spec Mocks/openapi.yaml`),
    /// paths relative to the repository root.
    static let serveOptionsMarker = "<!-- examples serve with: "

    /// The options a page's comment asks its server for; none without one.
    private static func serveOptions(in file: String) throws -> [String] {
        let text = try String(contentsOf: StandInBinary.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(serveOptionsMarker) }) else {
            return []
        }
        let options = line.dropFirst(serveOptionsMarker.count).replacingOccurrences(of: "-->", with: "")
        let root = StandInBinary.repositoryRoot
        return options.split(separator: " ").map { option in
            option.hasPrefix("Mocks/") ? root.appendingPathComponent(String(option)).path : String(option)
        }
    }

    /// Each file's examples run in order against a server of their own, as a reader following that page would
    /// run them: what one example changes (a sequence's step, the journal, a run-time fixture), the next one sees.
    @Test(arguments: files) func examplesPrintWhatTheyShow(file: String) async throws {
        let examples = try Self.examples(in: file)
        guard !examples.isEmpty else { return }
        let mocks = StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path
        // One thread: the examples run one at a time, and the suite beside them has the cores.
        let server = try await ServeProcess(
            ["--mocks", mocks, "--threads", "1", "--quiet", "--no-watch"] + Self.serveOptions(in: file)
        )
        defer { server.stop() }
        let runner = try ConsoleRunner(port: server.port)
        defer { runner.remove() }
        for example in examples {
            let result = try await runner.run(example)
            let problems = ExpectedOutput(lines: example.expectedOutput).mismatches(
                output: result.output,
                status: result.status
            )
            #expect(problems.isEmpty, "\(example)\n\(problems.joined(separator: "\n"))")
        }
    }

    @Test func theQuickStartReachesEachSimulationFeature() throws {
        let commands = try Self.examples(in: "README.md").map(\.command).joined(separator: "\n")
        for feature in ["X-StandIn-Variant", "/jobs/", "X-StandIn-Delay", "/faults/"] {
            #expect(commands.contains(feature), "the README runs no example with \(feature)")
        }
    }

    /// A JSON block whose fence names a sample file (```json Mocks/users/get-user.json) shows that file as it is,
    /// but for its description (compared as the console examples' JSON is).
    @Test(arguments: files) func fixturesShownAreTheSampleFiles(file: String) throws {
        let root = StandInBinary.repositoryRoot
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        for block in FencedBlock.blocks(in: text) where block.info.count == 2 && block.info[0] == "json" {
            let path = String(block.info[1])
            let shown = try #require(
                JSONPattern(block.lines.joined(separator: "\n")),
                "\(file):\(block.firstLine): the block is not JSON"
            )
            let sample = try JSONDecoder().decode(
                JSONValue.self,
                from: Data(contentsOf: root.appendingPathComponent(path))
            )
            guard case .object(var members) = sample else {
                Issue.record("\(path) is not a JSON object")
                continue
            }
            members["description"] = nil
            let problems = shown.mismatches(.object(members))
            #expect(
                problems.isEmpty,
                "\(file):\(block.firstLine): the fixture shown is not \(path): \(problems.joined(separator: "; "))"
            )
        }
    }

    @Test func theSimulationGuideShowsSampleFixtures() throws {
        let text = try String(
            contentsOf: StandInBinary.repositoryRoot.appendingPathComponent("docs/simulation.md"),
            encoding: .utf8
        )
        let named = FencedBlock.blocks(in: text).filter { $0.info.count == 2 && $0.info[0] == "json" }
        #expect(named.map { $0.info[1] } == ["Mocks/users/get-user.json", "Mocks/jobs/status.json"])
    }
}
