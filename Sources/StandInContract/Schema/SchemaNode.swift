import StandInFixtures

/// One compiled schema: the checks of its keywords, cheapest first, so that a cheap failure stops `isValid` before
/// any descent into members or elements.
final class SchemaNode: Sendable {
    /// The checks, in the order they run.
    let checks: [SchemaCheck]

    /// A schema made of `checks` (sorted by the compiler); no checks accepts everything.
    init(checks: [SchemaCheck]) {
        self.checks = checks
    }

    /// A schema that rejects everything (`false` in 3.1).
    static let never = SchemaNode(checks: [.never])

    /// Whether `instance` passes every check; builds nothing.
    func isValid(_ instance: JSONNode, _ direction: SchemaDirection) -> Bool {
        for check in checks where !check.isValid(instance, direction) { return false }
        return true
    }

    /// Whether `instance` passes the checks of its own value (type, enum, bounds, required...), leaving out those
    /// that look into members and elements or apply other schemas; `$ref`s are followed. Tells which member of a
    /// failed `anyOf` or `oneOf` an instance was meant for, in work bounded by the schema, not the instance.
    func isPlausible(_ instance: JSONNode, _ direction: SchemaDirection) -> Bool {
        checks.allSatisfy { check in
            switch check {
            case .reference(let reference): reference.node.isPlausible(instance, direction)
            case .members, .elements, .allOf, .anyOf, .oneOf, .not, .discriminator: true
            default: check.isValid(instance, direction)
            }
        }
    }

    /// Appends every violation of `instance` (found at `path`) to `violations`.
    func collect(
        _ instance: JSONNode,
        _ direction: SchemaDirection,
        _ path: inout InstancePath,
        _ violations: inout [SchemaViolation]
    ) {
        for check in checks { check.collect(instance, direction, &path, &violations) }
    }
}
