/// An OpenAPI path (`/pets/{petId}`) as a fixture's request path, under the spec's base path (`/v1`).
///
/// Whole `{name}` segments are already StandIn's templates. A segment that mixes a parameter with text
/// (`/files/{name}.json`) becomes a `pathRegex` with a named group per parameter.
enum OpenAPIPath {
    /// The request member to write: `("path", "/v1/pets/{petId}")` or `("pathRegex", "^/files/(?<name>[^/]+)\\.json$")`.
    static func requestMember(basePath: String, path: String) -> (key: String, value: String) {
        let full = basePath + (path.hasPrefix("/") ? path : "/" + path)
        let segments = full.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.contains(where: isMixed) else { return ("path", full) }
        let pattern = segments.map { segment in isMixed(segment) ? regex(for: segment) : literalOrCapture(segment) }
        return ("pathRegex", "^/" + pattern.joined(separator: "/") + "$")
    }

    /// Whether a segment holds a brace but is not one whole `{name}`.
    private static func isMixed(_ segment: Substring) -> Bool {
        guard segment.contains("{") || segment.contains("}") else { return false }
        let inner = segment.dropFirst().dropLast()
        return !(segment.first == "{" && segment.last == "}" && !inner.isEmpty && !inner.contains("{"))
    }

    private static func literalOrCapture(_ segment: Substring) -> String {
        guard segment.first == "{" else { return escaped(segment) }
        return group(segment.dropFirst().dropLast())
    }

    /// A mixed segment: text escaped, each `{name}` a group that stops at the next `/`.
    private static func regex(for segment: Substring) -> String {
        var pattern = ""
        var rest = segment
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += escaped(rest[..<open]) + group(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        return pattern + escaped(rest)
    }

    /// A capture for parameter `name`: named when the name is a valid group name.
    private static func group(_ name: Substring) -> String {
        let valid =
            name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return valid ? "(?<\(name)>[^/]+)" : "[^/]+"
    }

    private static func escaped(_ text: Substring) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
