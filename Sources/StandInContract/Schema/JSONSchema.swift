import StandInFixtures

/// A compiled schema: validates instances without parsing or looking anything up. Immutable and shared by every loop
/// thread.
public struct JSONSchema: Sendable {
    /// Every way `instance` breaks the schema, read in `direction`; empty when it is valid.
    public func violations(of instance: JSONNode, direction: SchemaDirection) -> [SchemaViolation] {
        []
    }

    /// Whether `instance` is valid, without building any violation.
    public func isValid(_ instance: JSONNode, direction: SchemaDirection) -> Bool {
        true
    }
}
