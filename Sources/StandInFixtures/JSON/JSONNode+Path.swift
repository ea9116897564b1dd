extension JSONNode {
    /// The value at `path`, or `nil` if there is none, for template lookups.
    ///
    /// A path that starts with `/` is an RFC 6901 JSON pointer (`/user/tags/0`, with `~1` for `/` and `~0` for `~`);
    /// any other path is dot-separated (`user.tags.0.name`). A component that is a decimal index selects an array
    /// element; on an object every component is a key. The empty path is this value.
    public func value(at path: String) -> JSONNode? {
        guard !path.isEmpty else { return self }
        if path.first == "/" {
            return Self.components(of: path.dropFirst(), separatedBy: "/").reduce(self) { node, token in
                node?.child(token.contains("~") ? token.replacing("~1", with: "/").replacing("~0", with: "~") : token)
            }
        }
        return Self.components(of: path[...], separatedBy: ".").reduce(self) { node, component in
            node?.child(component)
        }
    }

    /// Splits at every `separator` byte, keeping empty components (`a..b` has an empty key between the dots).
    private static func components(of path: Substring, separatedBy separator: Unicode.Scalar) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: separator), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The member named `name` of an object, or the element at index `name` of an array.
    private func child(_ name: Substring) -> JSONNode? {
        switch value {
        case .object(let members):
            return members.first { $0.key == name }?.value
        case .array(let elements):
            guard let index = Self.arrayIndex(name), index < elements.count else { return nil }
            return elements[index]
        default:
            return nil
        }
    }

    /// Reads `0` or a decimal number without leading zeros, as RFC 6901 requires of array indexes.
    private static func arrayIndex(_ name: Substring) -> Int? {
        guard name.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            name == "0" || name.first != "0"
        else { return nil }
        return Int(name)
    }
}
