import StandInFixtures

/// A compiled schema: validates instances without parsing or looking anything up. Immutable and shared by every loop
/// thread.
///
/// Verdicts match Python's `openapi-schema-validator` (with its format checker) except where StandIn follows the
/// OpenAPI and JSON Schema texts more closely: a 3.0 `$ref` replaces its siblings; `multipleOf` is exact for
/// decimals (`19.99` is a multiple of `0.01`); `readOnly`, `writeOnly` and `discriminator` apply in 3.1 as in 3.0;
/// `time` takes RFC 3339's fraction and offset; `uri` and (in 3.1) `byte` are checked; `patternProperties` applies
/// in 3.0 too. Keywords outside OpenAPI's list (`if`, `contains`, `unevaluatedProperties`...) are not checked. The
/// work is linear in the instance times what the schema asks of each value: `anyOf`, `oneOf` and `not` try their
/// members with `isValid`, and only a failed instance pays for building violations.
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
