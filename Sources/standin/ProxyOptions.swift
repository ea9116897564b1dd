import ArgumentParser
import Foundation
import MockServer
import StandInCA
import StandInFixtures

/// The flags of the forward proxy of `serve` and `record` (`--proxy-port`).
struct ProxyOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Serve an HTTP forward proxy on this port too (0 picks a free port and prints it): intercepted hosts are answered from the fixtures (with record, sent on to themselves and recorded), CONNECT ones with leaves of the local CA.",
            valueName: "port"
        )
    )
    var proxyPort: Int?

    @Option(
        name: .customLong("intercept"),
        help: ArgumentHelp(
            "A host the proxy intercepts (besides those of fixtures' request.host), to answer from the fixtures or, with record, to record: api.example.com or *.example.com; repeatable.",
            valueName: "host"
        )
    )
    var intercepted: [String] = []

    @Option(
        help: ArgumentHelp(
            "What the proxy does with other hosts: pass (tunnel them, never decrypted) or block (403).",
            valueName: "pass|block"
        )
    )
    var others: ProxySettings.Others = .pass

    /// Checks the flags; a proxy off loopback needs `adminToken` (its clients send it as `Proxy-Authorization`).
    func validate(host: String, adminToken: String?) throws {
        guard let proxyPort else {
            if !intercepted.isEmpty || others != .pass {
                throw ValidationError("--intercept and --others need --proxy-port.")
            }
            return
        }
        guard (0...65_535).contains(proxyPort) else { throw ValidationError("--proxy-port must be within 0...65535.") }
        for host in intercepted {
            if let problem = HostPattern.problem(host) { throw ValidationError("--intercept \(host): \(problem)") }
        }
        if !Self.isLoopback(host), adminToken == nil {
            throw ValidationError(
                "--proxy-port on \(host) needs --admin-token: an open proxy on a network is never the default "
                    + "(clients then send Proxy-Authorization: Basic with the user standin and the token)."
            )
        }
    }

    /// Whether `host` (`--host`) is a loopback address, where the proxy asks for no `Proxy-Authorization`.
    static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host)
    }

    /// The proxy asked for, if any, with the local CA (made on first use) for its intercepted tunnels. A CA that
    /// cannot be made or read is printed as `standin: …` and ends the command with status 1.
    func settings() throws -> ProxySettings? {
        guard let proxyPort else { return nil }
        do {
            return ProxySettings(
                port: proxyPort,
                intercept: intercepted.compactMap(HostPattern.init),
                others: others,
                localCA: try LocalCA.openOrCreate(in: LocalCA.standardFolder())
            )
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
    }
}

extension ProxySettings.Others: ExpressibleByArgument {}
