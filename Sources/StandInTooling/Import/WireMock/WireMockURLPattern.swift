/// The path part of a WireMock `urlPattern`, which matches the path and the query together where StandIn's
/// `pathRegex` matches the path alone.
enum WireMockURLPattern {
    /// The pattern up to its query part (the first `\?` outside groups and classes), the whole pattern when its
    /// only `\?` is inside a group (`/items($|\?page=.*)`, which then matches the path alone), or nil when it has
    /// no query part.
    static func pathPart(of pattern: String) -> String? {
        var depth = 0
        var inClass = false
        var nested = false
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            let next = pattern.index(after: index)
            if character == "\\", next < pattern.endIndex {
                if pattern[next] == "?", !inClass {
                    if depth == 0 { return String(pattern[..<index]) }
                    nested = true
                }
                index = pattern.index(after: next)
                continue
            }
            switch character {
            case "[" where !inClass: inClass = true
            case "]" where inClass: inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass: depth = max(0, depth - 1)
            default: break
            }
            index = next
        }
        return nested ? pattern : nil
    }
}
