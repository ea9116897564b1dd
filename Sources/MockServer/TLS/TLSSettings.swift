import Foundation
import StandInCA
import StandInEngine

/// An HTTPS port beside the server's own plain one (`serve --tls-port`): the same fixtures, admin API, sessions and
/// dashboard, over TLS with the user's certificate or a leaf of StandIn's local CA.
public struct TLSSettings: Sendable {
    /// Where the port's certificate comes from.
    public enum Certificate: Sendable {
        /// The user's own: a PEM file with the certificate then any intermediates, and one with its private key.
        case files(certificate: URL, key: URL)
        /// Leaves of StandIn's local CA: one for `localhost`, `127.0.0.1`, `::1`, the host the server listens on and
        /// `names`, kept in the CA's folder; and one issued on first use for any other name a client sends by SNI.
        case localCA(LocalCA, names: [TLSName])
    }

    /// The port to listen on; 0 picks a free one (read it from `MockServer.tlsPort`).
    public var port: Int
    /// The certificate the port presents.
    public var certificate: Certificate
    /// Whether a client may resume an earlier session (a server-side session cache and session tickets); when false,
    /// every connection makes a full handshake (`serve --tls-no-resumption`).
    public var sessionResumption: Bool

    public init(port: Int, certificate: Certificate, sessionResumption: Bool = true) {
        self.port = port
        self.certificate = certificate
        self.sessionResumption = sessionResumption
    }

    /// A port presenting the certificate in the PEM file `certificateFile` with the key in `keyFile`.
    public init(port: Int, certificateFile: URL, keyFile: URL, sessionResumption: Bool = true) {
        self.init(
            port: port,
            certificate: .files(certificate: certificateFile, key: keyFile),
            sessionResumption: sessionResumption
        )
    }

    /// The local CA the port's leaves come from; nil with the user's own certificate.
    var localCA: LocalCA? {
        guard case .localCA(let ca, _) = certificate else { return nil }
        return ca
    }
}

extension TLSSettings {
    /// The names every leaf of the server's own carries besides those asked for: `localhost`, `127.0.0.1`, `::1`,
    /// and the host the server listens on (the machine's name when it listens on every address).
    static func ownNames(listeningOn host: String, adding names: [TLSName]) -> [TLSName] {
        let listening = ["0.0.0.0", "::", ""].contains(host) ? LocalCA.machineName : host
        var all: [TLSName] = []
        for name in ["localhost", "127.0.0.1", "::1"].compactMap(TLSName.init) + names
            + [TLSName(listening)]
            .compactMap({ $0 }) where !all.contains(name)
        {
            all.append(name)
        }
        return all
    }

    /// The context the port's handshakes use, for a server listening on `host`. Throws a sentence naming the file
    /// when a certificate or key cannot be read, made or used.
    func makeContext(listeningOn host: String) throws(ServerError) -> TLSContext {
        switch certificate {
        case .files(let certificate, let key):
            return try TLSContext(certificateFile: certificate.path, keyFile: key.path, resumption: sessionResumption)
        case .localCA(let ca, let names):
            let own = Self.ownNames(listeningOn: host, adding: names)
            let leaf: IssuedLeaf
            do {
                leaf = try ca.serverLeaf(for: own)
            } catch {
                throw .tls(error.description)
            }
            let others = ServerNameLeaves(ca: ca, ownNames: own, resumption: sessionResumption)
            return try TLSContext(
                certificatePEM: leaf.certificatePEM,
                keyPEM: leaf.privateKeyPEM,
                resumption: sessionResumption,
                forServerName: others.context(forServerName:)
            )
        }
    }
}
