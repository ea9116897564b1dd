import Foundation
import Testing

/// What `standin` tells a user who mistypes a command or reads its help, and that docs/cli.md's synopsis says the
/// same.
@Suite struct CommandLineHelpTests {
    private static let commands = [
        ["serve"], ["record"], ["check"], ["list"], ["coverage"], ["drift"], ["import", "har"], ["import", "wiremock"],
        ["import", "openapi"],
    ]

    @Test func aMistypedCommandSuggestsTheNearestOne() async throws {
        let result = try await StandInBinary.run(["chek"])
        #expect(result.status != 0)
        #expect(result.error.contains(#"standin: "chek" is not a command; did you mean "check"?"#), "\(result.error)")
        #expect(!result.error.contains("USAGE: standin serve"))
    }

    @Test func threadsHelpGivesItsDefaultOnce() async throws {
        let result = try await StandInBinary.run(["serve", "--help"])
        let threads = try #require(helpText(of: "--threads", in: result.output))
        #expect(threads.contains("(default: one per core)"), "\(threads)")
        #expect(threads.components(separatedBy: "(default:").count == 2, "\(threads)")
    }

    @Test func maxHoldHelpSaysItBoundsRequestedDelaysToo() async throws {
        let result = try await StandInBinary.run(["serve", "--help"])
        let maxHold = try #require(helpText(of: "--max-hold", in: result.output))
        #expect(maxHold.contains("X-StandIn-Delay"), "\(maxHold)")
    }

    @Test func theReferenceSynopsisNamesEveryFlag() async throws {
        let reference = try String(
            contentsOf: StandInBinary.repositoryRoot.appendingPathComponent("docs/cli.md"),
            encoding: .utf8
        )
        let synopsis = try #require(reference.components(separatedBy: "```").dropFirst().first)
        for command in Self.commands {
            let help = try await StandInBinary.run(command + ["--help"]).output
            let flags = Set(help.matches(of: #/--[a-z][a-z-]+/#).map { String($0.output) })
            for flag in flags.subtracting(["--help", "--version"]) {
                // A flag with an inversion (`--watch/--no-watch`) is written in the form that changes the default.
                let named = synopsis.contains(flag) || synopsis.contains("--no-" + flag.dropFirst(2))
                #expect(named, "docs/cli.md's synopsis lacks \(command.joined(separator: " ")) \(flag)")
            }
        }
    }

    /// The help of one option: its line and the lines that continue it.
    private func helpText(of option: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(option + " ") })
        else { return nil }
        let rest = lines[(start + 1)...].prefix { line in
            !line.trimmingCharacters(in: .whitespaces).hasPrefix("-") && !line.isEmpty
        }
        return ([lines[start]] + rest).joined(separator: " ")
    }
}
