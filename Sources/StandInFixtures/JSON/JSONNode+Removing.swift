extension JSONNode {
    /// This value without the member or element at `path` (a JSON pointer `/a/0/b` or a dotted path `a.0.b`, as
    /// `value(at:)` reads them; a leading `$.` is allowed), and whether anything was removed.
    public func removing(path: String) -> (node: JSONNode, removed: Bool) {
        let components: [Substring]
        if path.hasPrefix("/") {
            components = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
                Substring($0.replacing("~1", with: "/").replacing("~0", with: "~"))
            }
        } else {
            let dotted = path.hasPrefix("$.") ? path.dropFirst(2) : path[...]
            components = dotted.split(separator: ".", omittingEmptySubsequences: false)
        }
        return removing(components[...])
    }

    private func removing(_ components: ArraySlice<Substring>) -> (node: JSONNode, removed: Bool) {
        guard let first = components.first else { return (self, false) }
        let rest = components.dropFirst()
        switch value {
        case .object(let members):
            var removed = false
            var kept: [Member] = []
            for member in members {
                guard member.key == first else {
                    kept.append(member)
                    continue
                }
                if rest.isEmpty {
                    removed = true
                } else {
                    let inner = member.value.removing(rest)
                    removed = removed || inner.removed
                    kept.append(Member(key: member.key, keyLine: member.keyLine, value: inner.node))
                }
            }
            return (JSONNode(.object(kept), line: line), removed)
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else { return (self, false) }
            if rest.isEmpty {
                elements.remove(at: index)
                return (JSONNode(.array(elements), line: line), true)
            }
            let inner = elements[index].removing(rest)
            elements[index] = inner.node
            return (JSONNode(.array(elements), line: line), inner.removed)
        default:
            return (self, false)
        }
    }
}
