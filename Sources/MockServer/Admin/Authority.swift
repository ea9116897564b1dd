/// The host and port a `Host` or `Origin` header names: `localhost:8080`, `[::1]`, `http://127.0.0.1:8080`.
struct Authority: Equatable {
    /// The host, lower-cased; an IPv6 address keeps its brackets (`[::1]`).
    let name: String
    /// The port, or the scheme's default (80 for `http`, 443 for `https`).
    let port: Int

    /// What no host name holds: the characters that would make it a path, user info, query or fragment.
    private static let forbidden: Set<Character> = ["/", "@", "?", "#", " ", "\\"]

    /// Parses a `Host` header's value; nil when it is not `host` or `host:port`.
    init?(hostHeader: String) {
        self.init(authority: Substring(hostHeader), defaultPort: 80)
    }

    /// Parses an `Origin` header's value (`http://localhost:8080`); nil for `null`, another scheme, or a path.
    init?(origin: String) {
        let lowered = origin.lowercased()
        guard let scheme = [("http://", 80), ("https://", 443)].first(where: { lowered.hasPrefix($0.0) }) else {
            return nil
        }
        self.init(authority: lowered.dropFirst(scheme.0.count), defaultPort: scheme.1)
    }

    private init?(authority: Substring, defaultPort: Int) {
        let lowered = authority.lowercased()
        var name = Substring(lowered)
        var port = defaultPort
        // Characters, not strings: `contains` of a string is Foundation's search, costly for every admin call.
        if let colon = lowered.lastIndex(of: ":"), !lowered[colon...].contains(Character("]")) {
            guard let number = Int(lowered[lowered.index(after: colon)...]), (1...65535).contains(number) else {
                return nil
            }
            name = lowered[..<colon]
            port = number
        }
        guard !name.isEmpty, !name.contains(where: Self.forbidden.contains) else { return nil }
        if name.contains(Character(":")), !(name.hasPrefix("[") && name.hasSuffix("]")) { return nil }
        self.name = String(name)
        self.port = port
    }
}
