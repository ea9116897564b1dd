extension JSONNode {
    /// Whether `subset` matches this value, as request-body matchers need.
    ///
    /// Every member of a `subset` object must exist here with a value that contains the subset's value; every element
    /// of a `subset` array must be contained by some element here, in any order; scalars must be equal (`==`).
    public func contains(_ subset: JSONNode) -> Bool {
        switch (value, subset.value) {
        case (.object, .object(let wanted)):
            wanted.allSatisfy { member in self[member.key]?.contains(member.value) ?? false }
        case (.array(let elements), .array(let wanted)):
            wanted.allSatisfy { part in elements.contains { $0.contains(part) } }
        default:
            self == subset
        }
    }
}
