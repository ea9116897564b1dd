import StandInFixtures

/// The headers of a HAR request or response, as a replay should carry them.
enum HARHeaders {
    /// Response headers that describe the bytes on the wire rather than the decoded `content.text` a HAR holds: the
    /// server frames and encodes what it serves itself.
    static let wireHeaders: Set<String> = ["content-encoding", "content-length"]

    /// The `{name, value}` list at `node`, in order, repeated names kept apart (`Set-Cookie` is never folded);
    /// entries that are not a name and a string value are skipped.
    static func list(_ node: JSONNode?) -> [(name: String, value: String)] {
        guard case .array(let elements) = node?.value else { return [] }
        return elements.compactMap { element in
            guard let name = element["name"]?.stringValue, let value = element["value"]?.stringValue else { return nil }
            return (name, value)
        }
    }

    /// `headers` without HTTP/2 and HTTP/3 pseudo-headers (`:status`, `:authority`), hop-by-hop headers and
    /// `dropping` (lower-case names).
    static func replayable(
        _ headers: [(name: String, value: String)],
        dropping: Set<String> = []
    ) -> [(name: String, value: String)] {
        EndToEndHeaders.filter(headers.filter { !$0.name.hasPrefix(":") }, dropping: dropping)
    }
}
