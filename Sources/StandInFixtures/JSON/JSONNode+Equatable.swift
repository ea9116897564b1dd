extension JSONNode: Equatable {
    /// Compares two values semantically: objects as unordered key sets (the first member with a key wins), numbers
    /// by their exact decimal value (`1`, `1.0` and `1e0` are equal), arrays element by element; lines are ignored.
    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        switch (lhs.value, rhs.value) {
        case (.null, .null):
            true
        case (.bool(let left), .bool(let right)):
            left == right
        case (.number(let left), .number(let right)):
            numbersEqual(left, right)
        case (.string(let left), .string(let right)):
            left == right
        case (.array(let left), .array(let right)):
            left == right
        case (.object(let left), .object(let right)):
            membersEqual(left, right)
        default:
            false
        }
    }

    /// Compares number literals by value; literals that are not numbers compare by spelling.
    private static func numbersEqual(_ left: String, _ right: String) -> Bool {
        if left == right { return true }
        guard let leftValue = JSONDecimal(literal: left), let rightValue = JSONDecimal(literal: right) else {
            return false
        }
        return leftValue == rightValue
    }

    private static func membersEqual(_ left: [Member], _ right: [Member]) -> Bool {
        let leftValues = firstValues(left)
        let rightValues = firstValues(right)
        guard leftValues.count == rightValues.count else { return false }
        return leftValues.allSatisfy { key, value in rightValues[key] == value }
    }

    /// The value of the first member with each key.
    private static func firstValues(_ members: [Member]) -> [String: JSONNode] {
        var values: [String: JSONNode] = [:]
        values.reserveCapacity(members.count)
        for member in members where values[member.key] == nil {
            values[member.key] = member.value
        }
        return values
    }
}
