import StandInFixtures

/// Who may call the admin API: with a token, everyone who presents it (`Authorization: Bearer TOKEN`), loopback
/// included. Without one, only what a program on this machine sends, and never what a web page makes a browser send:
///
/// - the peer is a loopback address;
/// - the `Host` names this machine (`localhost`, `127.0.0.1`, `[::1]` or the `--host` the server listens on, any
///   port), so a page whose own name was rebound to 127.0.0.1 (DNS rebinding) cannot read the answers;
/// - an `Origin`, if sent, is this server's own (a local name and the port the request was sent to), so another
///   site's page cannot send a write without a preflight;
/// - a write (`POST`, `PUT`) with a body says `Content-Type: application/json`, which no HTML form and no request a
///   browser sends cross-site without a preflight can say. A write without a body (`curl -X POST …/reset`) may say
///   no type, but any type it says must be JSON (an empty form says its own): a browser that sends such a write
///   cross-site also sends `Origin`, which the rule above refuses. A `DELETE` needs no body and no type: a browser
///   never sends one cross-site without a preflight, which StandIn does not grant.
///
/// `GET /__standin/health` needs only the first: it tells nothing but that the server is up, and probes send any
/// `Host`. With a token, the dashboard's page and assets (`GET /__standin/ui…`) need none: they hold no data, and
/// the page asks for the token before its first call.
///
/// The threat model is written down in `docs/SECURITY.md`.
struct AdminAccess: Sendable {
    /// The bearer token required from every caller; nil allows local callers without one.
    let token: String?
    /// The address the server listens on (`--host`); a `Host` header may name it.
    let listenHost: String

    /// What a call says about where it comes from.
    struct Caller {
        /// The peer's address, if known.
        var peer: String?
        /// The method, upper-case.
        var method: String
        /// The path (`/__standin/health`).
        var path: String
        /// The `Authorization` header.
        var authorization: String? = nil
        /// The `Host` header.
        var host: String? = nil
        /// The `Origin` header.
        var origin: String? = nil
        /// The `Content-Type` header.
        var contentType: String? = nil
        /// Whether the call carries a body; one without may leave out `Content-Type`.
        var hasBody = true
    }

    /// Why a caller is turned away, as a status and a message.
    struct Refusal: Error {
        let status: Int
        let message: String
    }

    /// Creates the rules for a server listening on `listenHost`.
    init(token: String?, listenHost: String = "127.0.0.1") {
        self.token = token
        self.listenHost = listenHost.lowercased()
    }

    /// Nil when the caller may proceed.
    func refusal(_ caller: Caller) -> Refusal? {
        if let token {
            guard let authorization = caller.authorization, authorization.hasPrefix("Bearer "),
                Self.equalInConstantTime(String(authorization.dropFirst("Bearer ".count)), token)
            else {
                // The dashboard's page and assets are the same for everyone and hold no data: a browser loads them
                // without the token, then the page asks for it and sends it with every call.
                if caller.method == "GET", DashboardAssets.asset(route: Self.route(caller.path)) != nil { return nil }
                return Refusal(
                    status: 401,
                    message: "the admin API needs the header Authorization: Bearer <the --admin-token value>"
                )
            }
            return nil
        }
        guard let peer = caller.peer, Self.isLoopback(peer) else {
            return Self.forbidden(
                "the admin API answers only loopback clients (\(caller.peer ?? "an unknown address") is not one); "
                    + "start the server with --admin-token to allow other clients"
            )
        }
        // Health tells only that the server is up (and how many fixtures it has): a probe may send any Host.
        if caller.method == "GET", caller.path == Self.healthPath { return nil }
        guard let host = caller.host.flatMap(Authority.init(hostHeader:)), isLocal(host.name) else {
            return Self.forbidden(
                "the admin API answers only requests addressed to localhost, 127.0.0.1 or [::1] "
                    + "(Host: \(Self.describe(caller.host)) is not one); "
                    + "start the server with --admin-token to allow other names"
            )
        }
        if let origin = caller.origin {
            guard let authority = Authority(origin: origin), isLocal(authority.name), authority.port == host.port
            else {
                return Self.forbidden(
                    "the admin API refuses calls from web pages of other origins "
                        + "(Origin: \(Self.describe(origin)))"
                )
            }
        }
        if caller.method == "POST" || caller.method == "PUT", caller.hasBody || caller.contentType != nil {
            guard Self.isJSON(caller.contentType) else {
                return Self.forbidden(
                    "admin API writes with a body must say Content-Type: application/json "
                        + "(not \(Self.describe(caller.contentType)))"
                )
            }
        }
        return nil
    }

    private static let healthPath = AdminAPI.pathPrefix + "health"

    /// The path after `/__standin/`.
    private static func route(_ path: String) -> Substring { path.dropFirst(AdminAPI.pathPrefix.count) }

    /// Whether `address` is a loopback address: `127.0.0.0/8`, `::1`, or IPv4-mapped `::ffff:127.x.y.z`.
    static func isLoopback(_ address: String) -> Bool {
        let lowered = address.lowercased()
        return lowered.hasPrefix("127.") || lowered == "::1" || lowered == "0:0:0:0:0:0:0:1"
            || lowered.hasPrefix("::ffff:127.")
    }

    /// Whether a host name from `Host` or `Origin` (lower-cased, IPv6 in brackets) names this machine.
    private func isLocal(_ name: String) -> Bool {
        ["localhost", "127.0.0.1", "[::1]"].contains(name) || name == listenHost || name == "[\(listenHost)]"
    }

    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.lowercased().filter { $0 != " " && $0 != "\t" } == "application/json"
    }

    /// A header's value for a message: escaped, cut short, or `none`.
    private static func describe(_ value: String?) -> String {
        guard let value else { return "none" }
        return PrintableText.escaped(String(value.prefix(100)))
    }

    private static func forbidden(_ message: String) -> Refusal {
        Refusal(status: 403, message: message)
    }

    /// Compares every byte whatever differs first, so the time taken does not reveal how much of a guess is right.
    private static func equalInConstantTime(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }
}
