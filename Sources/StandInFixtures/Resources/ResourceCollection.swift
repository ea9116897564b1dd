import Foundation

/// One resource's items and the operations on them. A value: `ResourceStore` changes it under its lock, so every
/// operation is atomic.
struct ResourceCollection: Sendable {
    /// What an operation answers: a status and the envelope's data, or an error message.
    enum Outcome {
        case success(status: Int, data: JSONNode, headers: [(name: String, value: String)] = [])
        case failure(status: Int, message: String, headers: [(name: String, value: String)] = [])
    }

    let definition: ResourceDefinition
    /// The bytes (`JSONNode.memoryCost`) the items may take beyond the seed's.
    let byteBudget: Int
    private var items: [JSONNode]
    /// The id of each item, in the same order: looked up without reading the items.
    private var ids: [ResourceID]
    /// The largest whole-number id of the items, kept up to date so that a new id costs no scan of them.
    private var largestNumber: Int?
    /// The seed's `memoryCost`, and the items' now.
    private let seedBytes: Int
    private var bytes: Int

    init(_ definition: ResourceDefinition, byteBudget: Int) {
        self.definition = definition
        self.byteBudget = byteBudget
        items = definition.seed
        ids = definition.seedIDs
        largestNumber = Self.largestNumber(in: ids)
        seedBytes = definition.seed.reduce(0) { $0 + $1.memoryCost }
        bytes = seedBytes
    }

    /// Back to the seed.
    mutating func reset() {
        items = definition.seed
        ids = definition.seedIDs
        largestNumber = Self.largestNumber(in: ids)
        bytes = seedBytes
    }

    /// Items `offset..<offset+limit` and the total in `X-Total-Count`.
    func list(page: Int, limit: Int) -> Outcome {
        let skipped = (page - 1).multipliedReportingOverflow(by: limit)
        let slice = items.dropFirst(skipped.overflow ? items.count : skipped.partialValue).prefix(limit)
        return .success(
            status: 200,
            data: JSONNode(.array(Array(slice))),
            headers: [("X-Total-Count", String(items.count))]
        )
    }

    func get(_ id: ResourceID) -> Outcome {
        guard let position = position(of: id) else { return missing(id) }
        return .success(status: 200, data: items[position])
    }

    /// Adds `item`, with a new id unless it brings one; an id already present is a 409.
    mutating func create(_ item: JSONNode) -> Outcome {
        guard items.count < ResourceStore.maximumItems else {
            return .failure(
                status: 507,
                message: "\(definition.path) holds \(ResourceStore.maximumItems) items, the most a resource keeps"
            )
        }
        let id: ResourceID
        if let given = item[definition.idField] {
            guard let givenID = ResourceID(given), isOfThisType(givenID) else {
                return .failure(status: 400, message: "\(definition.idField.quoted) must be \(idTypeName)")
            }
            guard !givenID.hasControlCharacter else {
                return .failure(status: 400, message: "\(definition.idField.quoted) \(ResourceID.controlCharacterRule)")
            }
            guard position(of: givenID) == nil else {
                return .failure(status: 409, message: "\(definition.path)/\(givenID) already exists")
            }
            id = givenID
        } else if let fresh = newID() {
            id = fresh
        } else {
            return .failure(status: 409, message: "\(definition.path) has no whole-number id left above the largest")
        }
        let created = item.setting(definition.idField, to: id.node)
        let cost = created.memoryCost
        guard fits(adding: cost) else { return overBudget() }
        bytes += cost
        items.append(created)
        ids.append(id)
        if case .number(let number) = id { largestNumber = max(largestNumber ?? number, number) }
        return .success(status: 201, data: created, headers: [("Location", "\(definition.path)/\(id)")])
    }

    /// Replaces the item; the id in the path wins over one in the body.
    mutating func replace(_ id: ResourceID, with item: JSONNode) -> Outcome {
        guard let position = position(of: id) else { return missing(id) }
        return store(item.setting(definition.idField, to: id.node), at: position)
    }

    /// Applies a JSON merge patch; the id stays.
    mutating func patch(_ id: ResourceID, with patch: JSONNode) -> Outcome {
        guard let position = position(of: id) else { return missing(id) }
        return store(items[position].mergePatched(with: patch).setting(definition.idField, to: id.node), at: position)
    }

    mutating func delete(_ id: ResourceID) -> Outcome {
        guard let position = position(of: id) else { return missing(id) }
        let removedID = ids.remove(at: position)
        if case .number(let number) = removedID, number == largestNumber { largestNumber = Self.largestNumber(in: ids) }
        let removed = items.remove(at: position)
        bytes -= removed.memoryCost
        return .success(status: 200, data: removed)
    }

    /// Puts `item` in the place of the item at `position`, unless that takes the items past the budget.
    private mutating func store(_ item: JSONNode, at position: Int) -> Outcome {
        let change = item.memoryCost - items[position].memoryCost
        guard change <= 0 || fits(adding: change) else { return overBudget() }
        bytes += change
        items[position] = item
        return .success(status: 200, data: item)
    }

    private func fits(adding cost: Int) -> Bool {
        bytes + cost - seedBytes <= byteBudget
    }

    private func overBudget() -> Outcome {
        .failure(
            status: 507,
            message: "\(definition.path) would take more than the \(byteBudget) bytes of memory its items may take "
                + "beyond the seed; delete items or reset, and try again"
        )
    }

    private func position(of id: ResourceID) -> Int? {
        ids.firstIndex(of: id)
    }

    private func missing(_ id: ResourceID) -> Outcome {
        .failure(status: 404, message: "\(definition.path)/\(id) does not exist")
    }

    private var idTypeName: String { definition.numericIDs ? "a whole number" : "a string" }

    private func isOfThisType(_ id: ResourceID) -> Bool {
        if case .number = id { definition.numericIDs } else { !definition.numericIDs }
    }

    /// Max+1 for numeric ids, else a fresh UUID; nil when the largest id is already `Int.max`.
    private func newID() -> ResourceID? {
        guard definition.numericIDs else { return .string(UUID().uuidString.lowercased()) }
        let next = (largestNumber ?? 0).addingReportingOverflow(1)
        return next.overflow ? nil : .number(next.partialValue)
    }

    private static func largestNumber(in ids: [ResourceID]) -> Int? {
        ids.lazy.compactMap { id -> Int? in if case .number(let number) = id { number } else { nil } }.max()
    }
}
