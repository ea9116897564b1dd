import Foundation
import StandInEngine
import StandInFixtures

/// Where `record --proxy-port` sends a request that came through the proxy: to its own host, over `https` when it
/// came through a `CONNECT` that spoke TLS and `http` otherwise, at the port the client asked for (the absolute
/// target's, else the `Host` header's; the scheme's default without one).
struct ProxiedOrigin: Sendable {
    /// The host, lower-case, without a port (`ServerRequest.proxyHost`).
    let host: String
    /// The backend's base URL; the port is left out when it is the scheme's default.
    let url: URL

    /// The origin of `request`; nil on a port that is not the proxy's, or for a host that is not a host name (an
    /// address such as `[::1]`, a name with characters no host name has).
    init?(_ request: ServerRequest) {
        guard let host = request.proxyHost, HostPattern.problem(host) == nil, !host.hasPrefix("*") else { return nil }
        let tls = request.arrivedOverTLS
        let asked =
            ProxyTarget.absolute(request.targetAsSent)
            ?? request.header(named: "Host").flatMap { try? ProxyTarget.connecting(to: $0) }
        let port = asked?.port ?? (tls ? 443 : 80)
        let authority = port == (tls ? 443 : 80) ? host : "\(host):\(port)"
        guard let url = URL(string: "\(tls ? "https" : "http")://\(authority)") else { return nil }
        self.host = host
        self.url = url
    }
}
