/// A `$ref`'s target, compiled once and shared by every schema that names it. The target is set when its compilation
/// ends, which for a recursive schema is after the schemas inside it that refer back to it were built.
///
/// `@unchecked Sendable`: `target` is written once, by the compiler, before any `JSONSchema` that can reach this
/// reference is returned; after that it is only read, on any thread, through the hand-over of that schema. It is
/// `unowned(unsafe)` so that a recursive schema is not a retain cycle: the compiler's `SchemaTargets` keeps every
/// target alive for as long as a schema holds it.
final class SchemaReference: @unchecked Sendable {
    /// The compiled target; set once.
    unowned(unsafe) private(set) var target: SchemaNode?

    /// Sets the compiled target, once.
    func resolve(to node: SchemaNode) {
        target = node
    }

    /// The target, which is always set once a schema that reaches this reference exists.
    var node: SchemaNode { target.unsafelyUnwrapped }
}

/// Every `$ref` target one compiler built, kept alive by each schema it compiled (references hold them unowned).
///
/// `@unchecked Sendable`: only the compiler appends, at load; schemas hold this only to keep the targets alive and
/// never read `nodes`.
final class SchemaTargets: @unchecked Sendable {
    private var nodes: [SchemaNode] = []

    /// Keeps `node` alive as long as this is.
    func keep(_ node: SchemaNode) {
        nodes.append(node)
    }
}
