import ArgumentParser
import Foundation
import StandInCA

/// `standin ca …`: StandIn's local CA, which issues the certificates of `--tls-port` (see docs/https.md).
struct CertificateAuthorityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show, trust, untrust or regenerate StandIn's local CA (in $STANDIN_HOME/ca, default ~/.standin/ca).",
        subcommands: [Path.self, Trust.self, Untrust.self, Regenerate.self]
    )

    /// The CA, made on first use; a CA that cannot be made or read ends the command with `standin: …`, status 1.
    static func openCA() throws -> LocalCA {
        do {
            return try LocalCA.openOrCreate(in: LocalCA.standardFolder())
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the path of the CA's certificate, ca.pem (making the CA if there is none)."
        )

        func run() throws {
            let ca = try CertificateAuthorityCommand.openCA()
            printLine(ca.folder.appending(path: "ca.pem").path)
        }
    }

    struct Regenerate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the CA with a new one; clients and devices that trusted the old one must trust the new."
        )

        func run() throws {
            do {
                let ca = try LocalCA.regenerate(in: LocalCA.standardFolder())
                printLine("A new CA is in \(ca.folder.path); trust \(ca.folder.appending(path: "ca.pem").path) again.")
            } catch {
                printError("standin: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
