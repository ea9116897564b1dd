import StandInFixtures

/// `uniqueItems`, in time linear in the array: elements are bucketed by a hash of their JSON value (numbers by exact
/// value, objects regardless of member order), and only elements in one bucket are compared. A short array is
/// compared pair by pair, which costs less than hashing it.
enum UniqueItems {
    /// The longest array compared pair by pair.
    static let pairwiseLimit = 8

    /// The index of an element equal to a later one and of the first such later one; nil when all differ.
    static func firstRepeat(in elements: [JSONNode]) -> (first: Int, second: Int)? {
        guard elements.count > 1 else { return nil }
        if elements.count <= pairwiseLimit {
            for second in 1..<elements.count {
                if let first = (0..<second).first(where: { elements[$0] == elements[second] }) {
                    return (first, second)
                }
            }
            return nil
        }
        var buckets: [Int: [Int]] = [:]
        buckets.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let hash = semanticHash(element)
            if let earlier = buckets[hash]?.first(where: { elements[$0] == element }) { return (earlier, index) }
            buckets[hash, default: []].append(index)
        }
        return nil
    }

    /// A hash that equal JSON values (by `JSONNode`'s `==`) share.
    static func semanticHash(_ node: JSONNode) -> Int {
        var hasher = Hasher()
        combine(node, into: &hasher)
        return hasher.finalize()
    }

    private static func combine(_ node: JSONNode, into hasher: inout Hasher) {
        switch node.value {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .number(let literal):
            hasher.combine(2)
            if let number = JSONDecimal(literal: literal) { hasher.combine(number) } else { hasher.combine(literal) }
        case .string(let text):
            hasher.combine(3)
            hasher.combine(text)
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            for element in elements { combine(element, into: &hasher) }
        case .object(let members):
            // Member order does not matter: the members' own hashes are summed. A repeated key counts once, as
            // only its first value takes part in equality.
            hasher.combine(5)
            var sum = 0
            var seen: Set<String> = []
            for member in members where seen.insert(member.key).inserted {
                var memberHasher = Hasher()
                memberHasher.combine(member.key)
                combine(member.value, into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        }
    }
}
