/// The schemas of an object's `properties`, found by member name. Members usually come in the order the schema lists
/// them, so a lookup starts after the previous one's match: a member in order costs one string comparison, which is
/// cheaper than hashing its name. Past `linearLimit` properties a hash table takes over.
struct PropertyTable: Sendable {
    /// The most properties searched in order before hashing pays.
    static let linearLimit = 16

    private let names: [String]
    /// Every name's UTF-8, one after another, and where each ends: what a scan compares its keys with.
    private let nameBytes: [UInt8]
    private let nameEnds: [Int]
    /// Whether every name is ASCII, so that a scan may compare names byte for byte (`ScannedString.equals`).
    private let namesAreASCII: Bool
    private let schemas: [SchemaNode]
    private let hashed: [String: SchemaNode]?

    /// The table of `properties`, in the schema's order.
    init(_ properties: [(name: String, schema: SchemaNode)]) {
        names = properties.map(\.name)
        nameBytes = properties.flatMap { Array($0.name.utf8) }
        namesAreASCII = nameBytes.allSatisfy { $0 < 0x80 }
        var end = 0
        nameEnds = properties.map { property in
            end += property.name.utf8.count
            return end
        }
        schemas = properties.map(\.schema)
        hashed =
            properties.count > Self.linearLimit
            ? Dictionary(properties.map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    /// Whether the table has no properties.
    var isEmpty: Bool { names.isEmpty }

    /// The schema of the member whose name was read as `key`, searching from `cursor` (see `schema(named:from:)`).
    func schema(named key: ScannedString, from cursor: inout Int) -> SchemaNode? {
        guard hashed == nil, key.isASCII, namesAreASCII else { return schema(named: key.text, from: &cursor) }
        let count = names.count
        var index = cursor
        let found = nameBytes.withUnsafeBufferPointer { all in
            for _ in 0..<count {
                if index == count { index = 0 }
                let name = (index == 0 ? 0 : nameEnds[index - 1])..<nameEnds[index]
                if ScannedString.same(UnsafeBufferPointer(rebasing: all[name]), key.bytes) { return true }
                index += 1
            }
            return false
        }
        guard found else { return nil }
        cursor = index + 1
        return schemas[index]
    }

    /// The schema of the member named `name`, searching from `cursor` (the position after the previous match, which
    /// this moves on).
    func schema(named name: String, from cursor: inout Int) -> SchemaNode? {
        if let hashed { return hashed[name] }
        let count = names.count
        var index = cursor
        for _ in 0..<count {
            if index == count { index = 0 }
            if names[index] == name {
                cursor = index + 1
                return schemas[index]
            }
            index += 1
        }
        return nil
    }
}
