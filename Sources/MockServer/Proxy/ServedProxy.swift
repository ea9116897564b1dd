import Foundation
import StandInEngine

/// What every proxy port of a server shares: its settings (`serve --proxy-port`), the TLS context that terminates
/// intercepted tunnels with leaves of the local CA, and the `Proxy-Authorization` its clients must send.
struct ServedProxy: Sendable {
    let settings: ProxySettings
    let tls: TLSContext
    /// `Basic` of `standin` and the admin token, when the server listens off loopback; nil on loopback, where the
    /// proxy asks for none.
    let requiredAuthorization: String?

    /// The proxy of a server listening on `serverHost`: leaves of `settings.localCA` for any SNI name, and off
    /// loopback `adminToken` as `Proxy-Authorization`. Throws when the CA's leaf cannot be made.
    init(_ settings: ProxySettings, serverHost: String, adminToken: String?) throws(ServerError) {
        self.settings = settings
        tls = try TLSSettings(port: 0, certificate: .localCA(settings.localCA, names: []))
            .makeContext(listeningOn: serverHost)
        let onLoopback = AdminAccess.isLoopback(serverHost) || serverHost == "localhost"
        requiredAuthorization =
            onLoopback ? nil : adminToken.map { "Basic " + Data("standin:\($0)".utf8).base64EncodedString() }
    }
}
