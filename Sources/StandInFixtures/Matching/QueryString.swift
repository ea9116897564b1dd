import StandInSupport

/// Parsing of `application/x-www-form-urlencoded` text: query strings and form bodies.
public enum QueryString {
    /// The `name=value` pairs of `query`, percent-decoded with `+` as space, in order. A name without `=` has an
    /// empty value; empty pairs are skipped.
    public static func parse(_ query: Substring) -> [(name: String, value: String)] {
        query.split(separator: "&").map { pair in
            let (name, value) =
                if let equals = pair.firstIndex(of: "=") {
                    (pair[..<equals], pair[pair.index(after: equals)...])
                } else {
                    (pair[...], pair[pair.endIndex...])
                }
            return (PercentDecoding.decode(name, plusAsSpace: true), PercentDecoding.decode(value, plusAsSpace: true))
        }
    }
}
