import Foundation

/// An HTTPS port beside the server's own plain one (`serve --tls-port`): the same fixtures, admin API, sessions and
/// dashboard, over TLS with the given certificate.
public struct TLSSettings: Sendable {
    /// The port to listen on; 0 picks a free one (read it from `MockServer.tlsPort`).
    public var port: Int
    /// A PEM file holding the server's certificate, then any intermediates.
    public var certificateFile: URL
    /// A PEM file holding the certificate's private key.
    public var keyFile: URL
    /// Whether a client may resume an earlier session (a server-side session cache and session tickets); when false,
    /// every connection makes a full handshake (`serve --tls-no-resumption`).
    public var sessionResumption: Bool

    public init(port: Int, certificateFile: URL, keyFile: URL, sessionResumption: Bool = true) {
        self.port = port
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.sessionResumption = sessionResumption
    }
}
