import StandInFixtures

/// A compiled schema: validates instances without parsing or looking anything up. Immutable and shared by every loop
/// thread.
public struct JSONSchema: Sendable {
    /// The schema's compiled tree.
    let root: SchemaNode
    /// The `$ref` targets the tree reaches, kept alive as long as the schema is.
    let targets: SchemaTargets

    /// Every way `instance` breaks the schema, read in `direction`; empty when it is valid.
    public func violations(of instance: JSONNode, direction: SchemaDirection) -> [SchemaViolation] {
        guard !root.isValid(instance, direction) else { return [] }
        var path = InstancePath()
        var violations: [SchemaViolation] = []
        root.collect(instance, direction, &path, &violations)
        return violations
    }

    /// Whether `instance` is valid, without building any violation.
    public func isValid(_ instance: JSONNode, direction: SchemaDirection) -> Bool {
        root.isValid(instance, direction)
    }
}
