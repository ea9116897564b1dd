/// Where a request on the proxy port is going: a `CONNECT`'s authority (`host:port`), or an absolute-form target's
/// host and port (`http://host:port/…`); what the proxy refuses otherwise.
struct ProxyTarget: Equatable {
    let host: String
    let port: Int

    /// `host:port` as the access log shows it.
    var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The authority of a `CONNECT` (`api.example.com:443`, `[::1]:8443`); throws what is wrong with it.
    static func connecting(to target: String) throws(ProxyRefusal) -> ProxyTarget {
        let host: Substring
        let portText: Substring
        if target.hasPrefix("[") {
            guard let close = target.firstIndex(of: "]"), target[target.index(after: close)...].hasPrefix(":") else {
                throw .badAuthority(target)
            }
            host = target[target.index(after: target.startIndex)..<close]
            portText = target[target.index(close, offsetBy: 2)...]
        } else {
            guard let colon = target.lastIndex(of: ":") else { throw .noPort(target) }
            host = target[..<colon]
            portText = target[target.index(after: colon)...]
        }
        guard !host.isEmpty, host.allSatisfy(Self.isHostCharacter) else { throw .badAuthority(target) }
        guard let port = Int(portText), (1...65535).contains(port), portText.allSatisfy(\.isASCII) else {
            throw .noPort(target)
        }
        return ProxyTarget(host: host.lowercased(), port: port)
    }

    /// The host and port of an absolute-form target (`http://api.example.com/users`); nil for any other form.
    static func absolute(_ target: String) -> ProxyTarget? {
        guard target.lowercased().hasPrefix("http://") else { return nil }
        let rest = target.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        if let connecting = try? connecting(to: String(authority)) { return connecting }
        guard authority.allSatisfy(isHostCharacter) else { return nil }
        return ProxyTarget(host: authority.lowercased(), port: 80)
    }

    private static func isHostCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._:".contains(character))
    }
}

/// A request the proxy port does not take, with the sentence its 400 says.
enum ProxyRefusal: Error, CustomStringConvertible {
    case badAuthority(String)
    case noPort(String)
    case notAbsolute(String)

    var description: String {
        switch self {
        case .badAuthority(let target): "CONNECT \(target.debugDescription) is not host:port"
        case .noPort(let target): "CONNECT \(target.debugDescription) has no port from 1 to 65535"
        case .notAbsolute(let target):
            "the proxy port takes CONNECT host:port and absolute targets (GET http://host/path), not "
                + "\(target.debugDescription); send requests for the fixtures to the main port"
        }
    }
}
