extension JSONNode {
    /// The object's members, or none for other values.
    package var members: [Member] {
        guard case .object(let members) = value else { return [] }
        return members
    }

    /// The array's elements, or nil for other values.
    package var elements: [JSONNode]? {
        guard case .array(let elements) = value else { return nil }
        return elements
    }

    /// An object of `members`, built in code.
    package static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(members.map { Member(key: $0.0, value: $0.1) }))
    }

    /// This object with `key` set to `newValue`: replaced in place when present, appended otherwise.
    package func setting(_ key: String, to newValue: JSONNode) -> JSONNode {
        var members = self.members
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index] = Member(key: key, value: newValue)
        } else {
            members.append(Member(key: key, value: newValue))
        }
        return JSONNode(.object(members), line: line)
    }

    /// This object without its members named in `keys`.
    package func removing(keys: Set<String>) -> JSONNode {
        JSONNode(.object(members.filter { !keys.contains($0.key) }), line: line)
    }
}
