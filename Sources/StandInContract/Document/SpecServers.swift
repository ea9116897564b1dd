import Foundation
import StandInFixtures

/// What an OpenAPI document's `servers` say about where its paths live, read the same way by the import and the
/// contract.
public enum SpecServers {
    /// The path of `servers[0].url` in `root`, its variables replaced by their defaults, without a trailing `/`:
    /// `/v1` for `https://api.example.com/v1/`; empty when the document names no server or its URL has no path.
    public static func basePath(of root: JSONNode) -> String {
        guard case .array(let servers) = root["servers"]?.value, let server = servers.first,
            var url = server["url"]?.stringValue
        else { return "" }
        if case .object(let variables) = server["variables"]?.value {
            for variable in variables {
                guard let value = variable.value["default"]?.stringValue else { continue }
                url = url.replacingOccurrences(of: "{\(variable.key)}", with: value)
            }
        }
        var path = Substring(url)
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        }
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        while path.hasSuffix("/") { path = path.dropLast() }
        guard !path.isEmpty else { return "" }
        return path.hasPrefix("/") ? String(path) : "/" + path
    }
}
