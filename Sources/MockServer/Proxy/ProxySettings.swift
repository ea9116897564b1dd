import StandInCA
import StandInFixtures

/// The forward proxy (`serve --proxy-port`): which hosts it answers from the fixtures, and what it does with the
/// others.
public struct ProxySettings: Sendable {
    /// What the proxy does with a host it does not intercept.
    public enum Others: String, Sendable, CaseIterable {
        /// Forward plain HTTP to the real host, and tunnel `CONNECT` to it byte for byte, never decrypted.
        case pass
        /// Answer 403, so that a test run never reaches a real backend by accident.
        case block
    }

    /// The port to listen on; 0 picks a free one (read it from `MockServer.proxyPort`).
    public var port: Int
    /// Hosts answered from the fixtures besides those of the fixtures' own `request.host` (`--intercept`).
    public var intercept: [HostPattern]
    public var others: Others
    /// The CA whose leaves terminate intercepted `CONNECT` tunnels, one per SNI name.
    public var localCA: LocalCA

    public init(port: Int, intercept: [HostPattern] = [], others: Others = .pass, localCA: LocalCA) {
        self.port = port
        self.intercept = intercept
        self.others = others
        self.localCA = localCA
    }
}
