import StandInFixtures

/// What an array's elements must be: the first ones by position (3.1's `prefixItems`), the rest by `items`.
final class ElementRules: Sendable {
    private let prefix: [SchemaNode]
    private let rest: SchemaNode?

    /// Rules for elements: `prefix[i]` for element `i`, `rest` (when there is one) for those past the prefix.
    init(prefix: [SchemaNode], rest: SchemaNode?) {
        self.prefix = prefix
        self.rest = rest
    }

    /// The schema of element `index`, or nil when nothing constrains it.
    func schema(at index: Int) -> SchemaNode? {
        index < prefix.count ? prefix[index] : rest
    }

    /// Whether every element of `elements` is what its rule asks.
    func areValid(_ elements: [JSONNode], _ direction: SchemaDirection) -> Bool {
        for (index, element) in elements.enumerated() {
            guard let schema = schema(at: index) else { return true }
            guard schema.isValid(element, direction) else { return false }
        }
        return true
    }

    /// Appends the violations of every element of `elements`, the array being at `path`.
    func collect(
        _ elements: [JSONNode],
        _ direction: SchemaDirection,
        _ path: inout InstancePath,
        _ violations: inout [SchemaViolation]
    ) {
        for (index, element) in elements.enumerated() {
            guard let schema = schema(at: index) else { return }
            path.descend(.index(index)) { schema.collect(element, direction, &$0, &violations) }
        }
    }
}
