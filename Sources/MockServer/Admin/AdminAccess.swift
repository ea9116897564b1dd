/// Who may call the admin API: loopback clients only, or, with a token, everyone who presents it
/// (`Authorization: Bearer TOKEN`), loopback included.
struct AdminAccess: Sendable {
    /// The bearer token required from every caller; nil allows loopback clients without one.
    let token: String?

    /// Why a caller is turned away, as a status and a message.
    struct Refusal: Error {
        let status: Int
        let message: String
    }

    /// Nil when the caller may proceed.
    func refusal(authorization: String?, peer: String?) -> Refusal? {
        if let token {
            guard let authorization, authorization.hasPrefix("Bearer "),
                Self.equalInConstantTime(String(authorization.dropFirst("Bearer ".count)), token)
            else {
                return Refusal(
                    status: 401,
                    message: "the admin API needs the header Authorization: Bearer <the --admin-token value>"
                )
            }
            return nil
        }
        guard let peer, Self.isLoopback(peer) else {
            return Refusal(
                status: 403,
                message: "the admin API answers only loopback clients (\(peer ?? "an unknown address") is not one); "
                    + "start the server with --admin-token to allow other clients"
            )
        }
        return nil
    }

    /// Whether `address` is a loopback address: `127.0.0.0/8`, `::1`, or IPv4-mapped `::ffff:127.x.y.z`.
    static func isLoopback(_ address: String) -> Bool {
        let lowered = address.lowercased()
        return lowered.hasPrefix("127.") || lowered == "::1" || lowered == "0:0:0:0:0:0:0:1"
            || lowered.hasPrefix("::ffff:127.")
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
