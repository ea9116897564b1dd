extension JSONNode {
    /// About how many bytes of memory the value takes: each node's and member's own size, the storage of arrays
    /// and objects, and the bytes of strings and keys too long to be kept inline. An estimate for budgets, which a
    /// parsed body exceeds many times over for small values (`[0,0,…]`).
    var memoryCost: Int {
        let own = MemoryLayout<JSONNode>.stride
        switch value {
        case .null, .bool:
            return own
        case .number(let text), .string(let text):
            return own + Self.heapBytes(of: text)
        case .array(let elements):
            return elements.reduce(own + Self.storageHeader) { $0 + $1.memoryCost }
        case .object(let members):
            let memberOwn = MemoryLayout<Member>.stride - own
            return members.reduce(own + Self.storageHeader) { total, member in
                total + memberOwn + Self.heapBytes(of: member.key) + member.value.memoryCost
            }
        }
    }

    /// The header of an array's heap storage.
    private static let storageHeader = 32

    /// The heap bytes of a string: none for one short enough to be kept inline (15 bytes of UTF-8).
    private static func heapBytes(of text: String) -> Int {
        let count = text.utf8.count
        return count > 15 ? storageHeader + count : 0
    }
}
