/// Which headers travel past one connection: everything but the hop-by-hop headers of RFC 9110 §7.6.1, those named in
/// `Connection`, and every `Proxy-*`. The proxy passes on only these, and imported captures replay only these.
public enum EndToEndHeaders {
    /// Headers that belong to one connection and are never passed on, lower-cased.
    public static let hopByHop: Set<String> = [
        "connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
    ]

    /// `headers` without hop-by-hop ones (those named in `Connection` included) and without `dropping` (lower-case
    /// names).
    public static func filter(
        _ headers: [(name: String, value: String)],
        dropping: Set<String> = []
    ) -> [(name: String, value: String)] {
        var excluded = hopByHop.union(dropping)
        for header in headers where header.name.lowercased() == "connection" {
            for token in header.value.split(separator: ",") {
                excluded.insert(token.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return headers.filter { header in
            let name = header.name.lowercased()
            return !excluded.contains(name) && !name.hasPrefix("proxy-")
        }
    }
}
