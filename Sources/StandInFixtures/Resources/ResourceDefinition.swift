/// A `"resource"` fixture as loaded: the collection's path, the field that holds each item's id, the items it
/// starts with (and returns to on reset), and how its answers are simulated (`delay`, `fault`, variants).
public struct ResourceDefinition: Sendable {
    /// The keys of the `resource` object.
    static let keys = ["path", "idField", "seed", "delay", "fault", "network"]

    /// The fixture file's path relative to the mocks directory.
    public let id: String
    /// The collection's path (`/todos`); items live under `/todos/{id}`.
    public let path: String
    /// The member of each item that holds its id (`"id"` unless the fixture names another).
    public let idField: String
    /// The items the store starts with, in order.
    public let seed: [JSONNode]
    /// The id of each seed item, in the same order.
    let seedIDs: [ResourceID]
    /// Whether ids are whole numbers (new ids are max+1) rather than strings (new ids are UUIDs).
    public let numericIDs: Bool
    /// The resource as a fixture of the endpoint `ANY /todos`, so that its variants are chosen, counted and listed
    /// like any fixture's: its default response has no body (the store answers) and carries the resource's `delay`
    /// and `fault`.
    public let fixture: Fixture
    /// The variants that answer in place of the store: those that set a status, headers or a body. The others
    /// only delay or break the store's answer.
    public let replacingVariants: Set<String>
    /// The file's JSON: a reload keeps the items of a resource whose file still says the same.
    let document: JSONNode

    /// Reads the `resource` object of a fixture file; every problem names its line.
    /// - Parameters:
    ///   - document: the whole file, kept to compare with its next version.
    ///   - response: the default response: no body, the resource's `delay` and `fault`.
    ///   - variants: each variant compiled over `response`.
    ///   - replacingVariants: the names of the variants that answer in place of the store.
    init(
        id: String,
        document: JSONNode,
        resource: ObjectReader,
        response: CompiledResponse,
        variants: [String: CompiledResponse],
        replacingVariants: Set<String>
    ) throws(FixtureError) {
        guard let path = try resource.string("path") else {
            throw FixtureError("resource.path is missing", line: resource.node.line)
        }
        guard path.value.hasPrefix("/"), path.value.count > 1, !path.value.hasSuffix("/"),
            !path.value.contains("{"), !path.value.contains("?")
        else {
            throw FixtureError(
                "resource.path \(path.value.quoted) must be a literal path like \"/todos\", without {, ? or a "
                    + "trailing /",
                line: path.line
            )
        }
        let idField = try resource.string("idField")?.value ?? "id"
        var items: [JSONNode] = []
        var ids: [ResourceID] = []
        var seen: Set<ResourceID> = []
        var numeric: Bool?
        if let seed = resource.member("seed") {
            guard case .array(let elements) = seed.value.value else {
                throw FixtureError("resource.seed must be an array of objects", line: seed.value.line)
            }
            for (index, item) in elements.enumerated() {
                let itemID = try Self.itemID(item, index: index, idField: idField)
                guard seen.insert(itemID).inserted else {
                    throw FixtureError("resource.seed[\(index)] repeats the id \(itemID)", line: item.line)
                }
                let isNumber = if case .number = itemID { true } else { false }
                guard numeric == nil || numeric == isNumber else {
                    throw FixtureError(
                        "resource.seed[\(index)] has a \(isNumber ? "number" : "string") id where the items before "
                            + "it have \(isNumber ? "strings" : "numbers")",
                        line: item.line
                    )
                }
                numeric = isNumber
                items.append(item)
                ids.append(itemID)
            }
        }
        self.id = id
        self.path = path.value
        self.idField = idField
        self.seed = items
        self.seedIDs = ids
        self.numericIDs = numeric ?? true
        self.fixture = Fixture(
            id: id,
            request: RequestPattern(method: .any, path: .literal(path.value)),
            response: response,
            variants: variants
        )
        self.replacingVariants = replacingVariants
        self.document = document
    }

    private static func itemID(_ item: JSONNode, index: Int, idField: String) throws(FixtureError) -> ResourceID {
        guard case .object = item.value else {
            throw FixtureError("resource.seed[\(index)] must be an object, not \(item.typeName)", line: item.line)
        }
        guard let value = item[idField] else {
            throw FixtureError("resource.seed[\(index)] has no \(idField.quoted) (the idField)", line: item.line)
        }
        guard let itemID = ResourceID(value) else {
            throw FixtureError(
                "resource.seed[\(index)].\(idField) must be a whole number or a string, not \(value.typeName)",
                line: value.line
            )
        }
        guard !itemID.hasControlCharacter else {
            throw FixtureError(
                "resource.seed[\(index)].\(idField) \(ResourceID.controlCharacterRule)",
                line: value.line
            )
        }
        return itemID
    }
}
