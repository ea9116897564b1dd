/// Names recorded fixture files readably and safely: `users/GET-users-42.json` for `GET /users/42`, with a short
/// hash (`GET-search-1a2b3c4d.json`) when the query, body or headers are part of the match, or when the path had to
/// be changed to make a safe name.
///
/// A name is built only from letters, digits, `-`, `_` and `.`; segments that are empty or only dots disappear; the
/// folder never starts with `.` or `_` (the loader skips those). So no name is absolute, climbs out with `..`, or
/// holds a control character, whatever the path held after percent-decoding.
public enum FixtureNamer {
    /// The longest base name before the hash and extension, and the longest folder name: far below the 255 bytes
    /// file systems allow for one name.
    static let longestBase = 80

    /// The file's path relative to the recording folder.
    /// - Parameters:
    ///   - method: the request method.
    ///   - path: the percent-decoded request path.
    ///   - matchDigest: a digest of the whole match (hex), used for the short hash.
    ///   - hasDetails: whether the match has more than method and path.
    public static func relativePath(method: String, path: String, matchDigest: String, hasDetails: Bool) -> String {
        var lossy = !path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let segments = parts.compactMap { segment in
            let clean = sanitize(segment, changed: &lossy)
            return clean.allSatisfy { $0 == "." } ? nil : clean
        }
        if segments.count != parts.count, path != "/" { lossy = true }
        let cleanMethod = sanitize(Substring(method), changed: &lossy)
        var base = ([cleanMethod] + (segments.isEmpty ? ["root"] : segments)).joined(separator: "-")
        if base.count > longestBase {
            base = String(base.prefix(longestBase))
            lossy = true
        }
        var folder = segments.count > 1 ? Substring(segments[0]) : ""
        while let first = folder.first, first == "." || first == "_" { folder = folder.dropFirst() }
        if folder.count > longestBase {
            folder = folder.prefix(longestBase)
            lossy = true
        }
        if hasDetails || lossy { base += "-" + matchDigest.prefix(8) }
        return folder.isEmpty ? base + ".json" : "\(folder)/\(base).json"
    }

    /// `path` inside the folder of `host` (`api.example.com/users/GET-users-42.json`), for a request recorded through
    /// the proxy; `path` itself without a host. The folder is the host made safe like any other name (never starting
    /// with `.` or `_`, at most ``longestBase`` characters); the port is never part of it, as `request.host` has none.
    public static func inHostFolder(_ host: String?, _ path: String) -> String {
        guard let host else { return path }
        var changed = false
        var folder = Substring(sanitize(Substring(host.lowercased()), changed: &changed))
        while let first = folder.first, first == "." || first == "_" { folder = folder.dropFirst() }
        folder = folder.prefix(longestBase)
        return folder.isEmpty ? path : "\(folder)/\(path)"
    }

    /// `text` with every character outside `A-Z a-z 0-9 - _ .` replaced by `_`; sets `changed` when any was.
    package static func sanitize(_ text: Substring, changed: inout Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result.append("_")
                changed = true
            }
        }
        return result
    }
}
