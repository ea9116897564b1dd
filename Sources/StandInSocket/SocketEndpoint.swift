/// A host and port taken from a URL's authority (`example.com`, `127.0.0.1:8080`, `[::1]:8080`).
struct SocketEndpoint: Sendable {
    /// The host name or address, without brackets.
    let host: String
    /// The port; 80 when the authority names none.
    let port: UInt16

    init?(authority: String) {
        var rest = Substring(authority)
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            portText = rest[rest.index(after: colon)...]
        } else {
            host = String(rest)
        }
        guard !host.isEmpty else { return nil }
        if let portText {
            guard let port = UInt16(portText), port > 0 else { return nil }
            self.port = port
        } else {
            port = 80
        }
    }
}
