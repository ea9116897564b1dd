extension JSONNode {
    /// This value with a JSON merge patch (RFC 7396) applied: an object patch sets its members, removes those it sets
    /// to null and merges nested objects; any other patch replaces the value. Linear in the members of both: each key
    /// is found through a table, not a scan.
    ///
    /// A key that an object repeats counts once, as its first member (as `member(_:)` and `==` read it): the result
    /// keeps that member, patched, and drops the later ones.
    func mergePatched(with patch: JSONNode) -> JSONNode {
        guard case .object(let changes) = patch.value else { return patch }
        // Each key at most once, in order; nil where a member was removed.
        var merged: [Member?] = []
        var positions: [String: Int] = [:]
        merged.reserveCapacity(members.count)
        positions.reserveCapacity(members.count)
        for member in members where positions[member.key] == nil {
            positions[member.key] = merged.count
            merged.append(member)
        }
        for change in changes {
            let position = positions[change.key]
            if case .null = change.value.value {
                if let position {
                    merged[position] = nil
                    positions[change.key] = nil
                }
                continue
            }
            let current = position.flatMap { merged[$0]?.value } ?? JSONNode(.null)
            let member = Member(key: change.key, value: current.mergePatched(with: change.value))
            if let position {
                merged[position] = member
            } else {
                positions[change.key] = merged.count
                merged.append(member)
            }
        }
        return JSONNode(.object(merged.compactMap { $0 }))
    }
}
