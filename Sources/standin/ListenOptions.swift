import ArgumentParser
import Foundation
import MockServer
import StandInCA

/// The flags that say where `serve` and `record` listen and what they print while they do.
struct ListenOptions: ParsableArguments {
    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free port and prints it.")
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "Once listening, write the port to this file (atomically: it appears complete), for a harness that used --port 0.",
            valueName: "path"
        )
    )
    var portFile: String?

    @Flag(help: "Do not print a line per request.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Serve HTTPS on this port too (0 picks a free port and prints it), with a leaf of StandIn's local CA (in $STANDIN_HOME/ca, default ~/.standin/ca) or --tls-cert and --tls-key."
        )
    )
    var tlsPort: Int?

    @Option(
        name: .customLong("tls-name"),
        help: ArgumentHelp(
            "A further DNS name or IP address for the local CA's leaf (besides localhost, 127.0.0.1, ::1 and --host); repeatable.",
            valueName: "name"
        )
    )
    var tlsNames: [String] = []

    @Option(help: ArgumentHelp("The HTTPS port's certificate chain, PEM (the certificate first).", valueName: "path"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The private key of --tls-cert, PEM.", valueName: "path"))
    var tlsKey: String?

    @Flag(help: "Make every HTTPS connection a full handshake: no session cache, no session tickets.")
    var tlsNoResumption = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0...65535.") }
        if let portFile, portFile.isEmpty { throw ValidationError("--port-file must be a file path.") }
        guard let tlsPort else {
            if tlsCert != nil || tlsKey != nil || tlsNoResumption {
                throw ValidationError("--tls-cert, --tls-key and --tls-no-resumption need --tls-port.")
            }
            return
        }
        guard (0...65_535).contains(tlsPort) else { throw ValidationError("--tls-port must be within 0...65535.") }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together: a certificate for the port and its key.")
        }
        if tlsCert != nil, !tlsNames.isEmpty {
            throw ValidationError("--tls-name names hosts for the local CA's leaf; --tls-cert brings its own names.")
        }
        for name in tlsNames where TLSName(name) == nil {
            throw ValidationError("--tls-name \(name) is neither a DNS name nor an IP address.")
        }
    }

    /// The HTTPS port asked for, if any: with --tls-cert and --tls-key, or with a leaf of the local CA (made on first
    /// use). A CA that cannot be made or read is printed as `standin: …` and ends the command with status 1.
    func tlsSettings() throws -> TLSSettings? {
        guard let tlsPort else { return nil }
        if let tlsCert, let tlsKey {
            return TLSSettings(
                port: tlsPort,
                certificateFile: URL(fileURLWithPath: tlsCert),
                keyFile: URL(fileURLWithPath: tlsKey),
                sessionResumption: !tlsNoResumption
            )
        }
        do {
            let ca = try LocalCA.openOrCreate(in: LocalCA.standardFolder())
            return TLSSettings(
                port: tlsPort,
                certificate: .localCA(ca, names: tlsNames.compactMap(TLSName.init)),
                sessionResumption: !tlsNoResumption
            )
        } catch {
            printError("standin: \(error)")
            throw ExitCode.failure
        }
    }

    /// Where `server`, listening on `port`, can be reached: `http://host:port`, its HTTPS port after it, and its
    /// proxy's.
    func addresses(of server: MockServer, port: Int) -> String {
        var addresses = "http://\(host):\(port)"
        if server.configuration.tls != nil { addresses += " and https://\(host):\(server.tlsPort)" }
        if server.configuration.proxy != nil { addresses += ", proxy http://\(host):\(server.proxyPort)" }
        return addresses
    }
}

extension ListenOptions {
    /// Runs `server` until it stops (see `MockServer.run`): calls `listening` with the bound port, then writes
    /// `--port-file`. A port file that cannot be written is an error before the server binds (its folder) or, should
    /// the write itself fail, ends the process with status 1, since the harness waiting for it would wait forever.
    func run(_ server: MockServer, listening: (_ port: Int) -> Void) throws -> String? {
        let portFile = portFile.map(PortFile.init(path:))
        try portFile?.prepare()
        return try server.run { port in
            listening(port)
            do {
                try portFile?.write(port: port)
            } catch {
                printError("standin: \(error)")
                Foundation.exit(1)
            }
        }
    }
}
