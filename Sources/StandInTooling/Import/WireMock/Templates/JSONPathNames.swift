import StandInFixtures

/// A JSONPath that names one value by member names and array indexes (`$.order.items[0]['unit price']`), as the
/// steps of a StandIn body path. Wildcards, filters, slices, unions and `..` name many values and are not read.
struct JSONPathNames {
    /// The member names and indexes, in order; empty for `$` itself.
    let names: [String]

    /// Reads `source`, or nil when it is not a path of names and indexes from `$`.
    init?(_ source: String) {
        var rest = Substring(source.trimmingASCIIWhitespace)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var names: [String] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty, !name.contains(where: { "*@?(),:'\"".contains($0) }) else { return nil }
                names.append(String(name))
                rest = rest[name.endIndex...]
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inner = rest[rest.index(after: rest.startIndex)..<close].trimmingASCIIWhitespace
                if let quote = inner.first, quote == "'" || quote == "\"" {
                    let name = inner.dropFirst().dropLast()
                    guard inner.count >= 2, inner.last == quote, !name.contains(quote) else { return nil }
                    names.append(String(name))
                } else {
                    guard !inner.isEmpty, inner.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
                    names.append(String(inner))
                }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        self.names = names
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
