import StandInSupport

/// The state of every `"resource"` fixture: each collection's items, changed one operation at a time under the
/// collection's lock, so that concurrent writes never lose an update. The server and `MockRegistry` each hold one
/// and answer through it.
public final class ResourceStore: Sendable {
    /// The largest write body a resource accepts; a larger one is answered 413.
    public static let maximumBodyBytes = 1 << 20
    /// The most items one resource keeps; a create beyond it is answered 507.
    public static let maximumItems = 100_000
    /// The largest `limit` a list accepts.
    public static let maximumPageSize = 10_000
    /// The items a list holds when the request names no `limit`.
    public static let defaultPageSize = 100
    /// The bytes of memory (`JSONNode.memoryCost`) each resource's items may take beyond its seed in the server's or
    /// a registry's own store; a write past it is answered 507.
    public static let byteBudget = 64 << 20
    /// The same for each resource of a session's store (`seededCopy`).
    public static let sessionByteBudget = 4 << 20

    /// One resource: its definition, and its items under a lock of their own.
    final class Slot: Sendable {
        let definition: ResourceDefinition
        let collection: Locked<ResourceCollection>

        init(_ definition: ResourceDefinition, byteBudget: Int) {
            self.definition = definition
            collection = Locked(ResourceCollection(definition, byteBudget: byteBudget))
        }
    }

    /// Every resource, by file id; a reload replaces the list, never a slot's definition.
    private let slots: Locked<[Slot]>
    /// The bytes each resource's items may take beyond its seed.
    private let byteBudget: Int

    /// A store holding each definition's seed, whose resources' items may each take `byteBudget` bytes beyond it.
    public init(_ definitions: [ResourceDefinition], byteBudget: Int = ResourceStore.byteBudget) {
        self.byteBudget = byteBudget
        slots = Locked(definitions.map { Slot($0, byteBudget: byteBudget) })
    }

    /// Another store of the same resources, each at its seed, with a session's budget: a session's, beside this one.
    public func seededCopy() -> ResourceStore {
        ResourceStore(definitions, byteBudget: Self.sessionByteBudget)
    }

    /// The resources, ordered by file id.
    public var definitions: [ResourceDefinition] {
        slots.withLock { $0.map(\.definition) }
    }

    /// Every collection back to its seed.
    public func reset() {
        for slot in slots.withLock({ $0 }) {
            slot.collection.withLock { $0.reset() }
        }
    }

    /// Serves `definitions` from now on (after a reload): a resource whose file says the same as before keeps its
    /// items, a changed or new one starts at its seed, and one that is gone is dropped.
    public func update(to definitions: [ResourceDefinition]) {
        slots.withLock { slots in
            let previous = slots
            slots = definitions.map { definition in
                previous.first { $0.definition.id == definition.id && $0.definition.document == definition.document }
                    ?? Slot(definition, byteBudget: byteBudget)
            }
        }
    }

    /// The resource a request path leads to, and the item it names, if any; nil when the path is no resource's.
    public func target(of path: String) -> ResourceTarget? {
        let slots = slots.withLock { $0 }
        guard !slots.isEmpty else { return nil }
        let path = PercentDecoding.decode(Substring(path))
        for slot in slots where path.hasPrefix(slot.definition.path) {
            let rest = path.dropFirst(slot.definition.path.count)
            if rest.isEmpty || rest == "/" { return ResourceTarget(slot: slot, item: nil) }
            guard rest.first == "/" else { continue }
            let segment = rest.dropFirst()
            guard !segment.contains("/") else { continue }
            return ResourceTarget(slot: slot, item: String(segment))
        }
        return nil
    }
}
