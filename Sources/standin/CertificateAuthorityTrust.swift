import ArgumentParser
import Foundation
import StandInCA

/// Where `ca trust` and `ca untrust` act: iOS simulators, or the operating system's trust store.
struct TrustTarget: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The iOS simulators: booted, all, or a device's UDID (macOS; elsewhere the command to run is printed).",
            valueName: "booted|all|UDID"
        )
    )
    var simulator: String?

    @Flag(help: "The operating system's trust store (macOS: the System keychain; Debian: update-ca-certificates).")
    var system = false

    func validate() throws {
        guard (simulator != nil) != system else { throw ValidationError("Name one of --simulator and --system.") }
        if let simulator, simulator.isEmpty { throw ValidationError("--simulator takes booted, all or a UDID.") }
    }

    /// The simulators `simctl` is to act on for `--simulator`.
    var simulatorDevices: [String] {
        guard let simulator else { return [] }
        return simulator == "all" ? SystemTrust.bootedSimulators() : [simulator]
    }
}

extension CertificateAuthorityCommand {
    struct Trust: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Trust the CA in iOS simulators (--simulator) or in the operating system (--system)."
        )

        @OptionGroup var target: TrustTarget

        func run() throws {
            let ca = try CertificateAuthorityCommand.openCA()
            let certificate = ca.folder.appending(path: "ca.pem").path
            if target.system {
                try SystemTrust.run(
                    SystemTrust.addSystemCommands(certificate: certificate),
                    doing: "trusted \(certificate)"
                )
            } else {
                let commands = target.simulatorDevices.map {
                    ["xcrun", "simctl", "keychain", $0, "add-root-cert", certificate]
                }
                try SystemTrust.run(commands, doing: "added \(certificate) to \(target.simulator ?? "")")
            }
        }
    }

    struct Untrust: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop trusting the CA in iOS simulators (--simulator: resets their keychains) or the system."
        )

        @OptionGroup var target: TrustTarget

        func run() throws {
            let certificate = LocalCA.standardFolder().appending(path: "ca.pem").path
            if target.system {
                try SystemTrust.run(
                    SystemTrust.removeSystemCommands(certificate: certificate),
                    doing: "removed \(certificate)"
                )
            } else {
                // simctl removes no single root: a reset drops every certificate added to the simulator.
                let commands = target.simulatorDevices.map { ["xcrun", "simctl", "keychain", $0, "reset"] }
                try SystemTrust.run(commands, doing: "reset the keychain of \(target.simulator ?? "")")
            }
        }
    }
}

/// The commands that add StandIn's CA to a trust store or remove it, and running them.
enum SystemTrust {
    /// Where Debian's `update-ca-certificates` reads local CAs from.
    static let debianAnchor = "/usr/local/share/ca-certificates/standin-ca.crt"

    static func addSystemCommands(certificate: String) -> [[String]] {
        #if os(macOS)
        [
            [
                "security", "add-trusted-cert", "-d", "-r", "trustRoot", "-k", "/Library/Keychains/System.keychain",
                certificate,
            ]
        ]
        #else
        [["cp", certificate, debianAnchor], ["update-ca-certificates"]]
        #endif
    }

    static func removeSystemCommands(certificate: String) -> [[String]] {
        #if os(macOS)
        [["security", "remove-trusted-cert", "-d", certificate]]
        #else
        [["rm", "-f", debianAnchor], ["update-ca-certificates", "--fresh"]]
        #endif
    }

    /// The UDIDs of the booted simulators (macOS), for `--simulator all`.
    static func bootedSimulators() -> [String] {
        #if os(macOS)
        guard let output = try? capture(["xcrun", "simctl", "list", "devices", "booted"]) else { return [] }
        return output.split(separator: "\n").compactMap { line in
            guard let open = line.lastIndex(of: "("), line.contains("Booted") else { return nil }
            let inside = line[line.index(after: open)...].prefix { $0 != ")" }
            guard let start = line[..<open].lastIndex(of: "(") else { return String(inside) }
            return String(line[line.index(after: start)...].prefix { $0 != ")" })
        }
        #else
        ["booted"]
        #endif
    }

    /// Runs each command in turn and prints what was done; where they cannot run (simulators off macOS, the system
    /// store without the rights), prints them for the user to run instead and ends with status 1.
    static func run(_ commands: [[String]], doing done: String) throws {
        let shown = commands.map { $0.joined(separator: " ") }
        #if !os(macOS)
        if commands.contains(where: { $0.first == "xcrun" }) {
            printError("standin: iOS simulators run on macOS only; on the Mac, run:")
            for line in shown { printError("  \(line)") }
            throw ExitCode.failure
        }
        if geteuid() != 0 {
            printError("standin: changing the system's trust store needs root; run this again with sudo, or run:")
            for line in shown { printError("  \(line)") }
            throw ExitCode.failure
        }
        #endif
        for (command, line) in zip(commands, shown) {
            printLine("$ \(line)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
            do {
                try process.run()
            } catch {
                printError("standin: could not run \(line): \(error)")
                throw ExitCode.failure
            }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                printError("standin: \(line) failed with status \(process.terminationStatus)")
                throw ExitCode.failure
            }
        }
        printLine("StandIn \(done).")
    }

    #if os(macOS)
    private static func capture(_ command: [String]) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
    #endif
}
