/// A request target made safe to append to the upstream URL's path: its dot segments resolved first, so that the
/// upstream's path prefix (`--upstream http://host/api`) cannot be climbed out of. Left in place, `/../admin` would
/// reach `http://host/admin` once the URL stack normalizes `http://host/api/../admin`.
enum UpstreamTarget {
    /// `target` with `.` and `..` segments removed (RFC 3986 §5.2.4), also when their dots are percent-encoded
    /// (`%2e`, `.%2E`), and the query kept as sent; nil when a `..` would climb above the first segment.
    static func resolvingDotSegments(_ target: String) -> String? {
        let queryStart = target.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? target.endIndex
        let path = target[..<queryStart]
        guard path.hasPrefix("/"), path.contains(".") || path.lowercased().contains("%2e") else { return target }
        var kept: [Substring] = []
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment.lowercased().replacingOccurrences(of: "%2e", with: ".") {
            case ".":
                if isLast { kept.append("") }
            case "..":
                guard !kept.isEmpty else { return nil }
                kept.removeLast()
                if isLast { kept.append("") }
            default:
                kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/") + target[queryStart...]
    }
}

extension UpstreamCall {
    /// The target with its dot segments resolved; nil when it climbs out of the upstream's path prefix.
    var confinedTarget: String? { UpstreamTarget.resolvingDotSegments(target) }
}
