/// The host and port a `Host` or `Origin` header names: `localhost:8080`, `[::1]`, `http://127.0.0.1:8080`.
struct Authority: Equatable {
    /// The host, lower-cased; an IPv6 address keeps its brackets (`[::1]`).
    let name: String
    /// The port, or the scheme's default (80 for `http`, 443 for `https`).
    let port: Int

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

    /// Reads the authority's UTF-8 bytes: every character it looks for is ASCII, which UTF-8 never uses inside
    /// another character, and comparing bytes spares the grapheme breaking of `Character`s on every admin call.
    private init?(authority: Substring, defaultPort: Int) {
        let lowered = authority.lowercased()
        let bytes = lowered.utf8
        var nameEnd = bytes.endIndex
        var port = defaultPort
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")), !bytes[colon...].contains(UInt8(ascii: "]")) {
            guard let number = Int(lowered[bytes.index(after: colon)...]), (1...65535).contains(number) else {
                return nil
            }
            nameEnd = colon
            port = number
        }
        let name = bytes[..<nameEnd]
        guard !name.isEmpty, !name.contains(where: Self.isForbidden) else { return nil }
        if name.contains(UInt8(ascii: ":")), name.first != UInt8(ascii: "[") || name.last != UInt8(ascii: "]") {
            return nil
        }
        self.name = String(lowered[..<nameEnd])
        self.port = port
    }

    /// Whether a host name cannot hold `byte`: it would make the name a path, user info, query or fragment.
    private static func isForbidden(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "),
            UInt8(ascii: "\\"):
            true
        default:
            false
        }
    }
}
