extension JSONNode {
    /// This value with a JSON merge patch (RFC 7396) applied: an object patch sets its members, removes those it sets
    /// to null and merges nested objects; any other patch replaces the value.
    func mergePatched(with patch: JSONNode) -> JSONNode {
        guard case .object(let changes) = patch.value else { return patch }
        var members = self.members
        for change in changes {
            let position = members.firstIndex { $0.key == change.key }
            if case .null = change.value.value {
                if let position { members.remove(at: position) }
                continue
            }
            let merged = (position.map { members[$0].value } ?? JSONNode(.null)).mergePatched(with: change.value)
            let member = Member(key: change.key, value: merged)
            if let position { members[position] = member } else { members.append(member) }
        }
        return JSONNode(.object(members))
    }
}
