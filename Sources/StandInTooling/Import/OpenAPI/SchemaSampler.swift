import StandInFixtures

/// Makes a JSON value that validates against a schema: the same value every time for the same schema, so that
/// importing an unchanged spec again changes no file.
///
/// It takes `const`, then the first `enum` value, then a scalar's own `example` when that fits the schema, and else
/// builds a value from the type: objects with their required properties (and, near the top, the optional ones),
/// arrays with `minItems` items (at least one), strings that meet `format`, `pattern` and the length bounds, numbers
/// within the bounds and a `multipleOf`. `allOf` parts are merged into one schema first; `oneOf` and `anyOf` take
/// their first branch that is not only `null`. A schema that refers back to itself is cut where it repeats, and
/// what cannot be sampled is warned about at its place in the document. The values of one fixture draw on one
/// `SampleBudget`: make a sampler per fixture.
struct SchemaSampler {
    /// How deep values nest before sampling stops, a guard against schemas that require themselves.
    static let deepest = 32
    /// How deep optional properties are still filled in; below that only required ones are.
    static let optionalDepth = 6

    let document: OpenAPIDocument
    let warnings: OpenAPIWarnings
    /// What the values of the fixture being written may still take.
    let budget = SampleBudget()

    /// Where the sampler is: how deep, which `$ref`s it is inside, and which item of an array it makes (so that the
    /// items of a `uniqueItems` array differ).
    struct Context {
        var depth = 0
        var references: [String] = []
        var variation = 0
    }

    /// A value for `schema`, found at `location` in the document (`paths./pets.get.responses.200.content…schema`).
    func sample(_ schema: JSONNode, at location: String) -> JSONNode {
        value(for: schema, at: location, in: Context()) ?? JSONNode(.null)
    }

    /// A value for `schema`, or nil when none can be made here (a broken `$ref`, a repeat of a schema the value is
    /// already inside, or the fixture's budget spent); the caller leaves an optional part out then.
    func value(for schema: JSONNode, at location: String, in outer: Context) -> JSONNode? {
        guard budget.readsSchema() else {
            warnSpent(at: location)
            return nil
        }
        var context = outer
        context.depth += 1
        guard context.depth <= Self.deepest else {
            warnings.add(location, "the schema nests deeper than \(Self.deepest) levels; the sample stops there")
            return nil
        }
        guard let schema = followingReference(schema, at: location, in: &context) else { return nil }
        if case .bool(let allowsAnything) = schema.value {
            if !allowsAnything { warnings.add(location, "the schema is false, which no value meets") }
            return allowsAnything ? budget.taking(JSONNode(.string("string"))) : nil
        }
        let merged = flattened(schema, at: location, depth: 0)
        if let constant = merged["const"] { return budget.taking(constant) }
        if let choice = enumValue(merged, variation: context.variation) { return budget.taking(choice) }
        if let example = fittingExample(of: merged) { return budget.taking(example) }
        if let branches = (merged["oneOf"] ?? merged["anyOf"])?.elements, !branches.isEmpty {
            return branchValue(merged, branches: branches, at: location, in: context)
        }
        let view = SchemaView(node: merged)
        switch view.sampledType {
        case "object": return objectValue(view, at: location, in: context)
        case "array": return arrayValue(view, at: location, in: context)
        case "string":
            return budget.taking(JSONNode(.string(stringValue(view, at: location, variation: context.variation))))
        case "integer":
            return budget.taking(numberValue(view, integer: true, at: location, variation: context.variation))
        case "number":
            return budget.taking(numberValue(view, integer: false, at: location, variation: context.variation))
        case "boolean": return budget.taking(JSONNode(.bool(true)))
        case "null": return budget.taking(JSONNode(.null))
        case let type?:
            warnings.add(location, "type \(type.quoted) is not a JSON Schema type; a string is served")
            return budget.taking(JSONNode(.string("string")))
        case nil: return budget.taking(JSONNode(.string("string")))
        }
    }

    /// Says, once per fixture, that its budget ran out here.
    func warnSpent(at location: String) {
        guard budget.warnsOnce() else { return }
        warnings.add(
            location,
            "the values generated for this fixture \(budget.spentReason); from here on, required properties are null "
                + "and arrays end"
        )
    }

    /// `schema` with its `$ref` followed (3.1 keeps the keywords beside it), the reference pushed on the context;
    /// nil, with a warning, when it is broken or repeats one the value is already inside.
    private func followingReference(
        _ schema: JSONNode,
        at location: String,
        in context: inout Context
    ) -> JSONNode? {
        guard let reference = schema["$ref"]?.stringValue else { return schema }
        if context.references.contains(reference) {
            warnings.add(
                location,
                "schema \(reference.quoted) contains itself; the sample leaves the repeat out",
                key: "recursion \(reference)"
            )
            return nil
        }
        guard let target = resolved(schema, at: location) else { return nil }
        context.references.append(reference)
        let siblings = schema.removing(keys: ["$ref"])
        guard document.isVersion31, !siblings.members.isEmpty else { return target }
        return JSONNode.object([("allOf", JSONNode(.array([target, siblings])))])
    }

    /// `node` with its `$ref` followed, or nil with a warning (once per reference) when that fails.
    func resolved(_ node: JSONNode, at location: String) -> JSONNode? {
        do {
            return try document.resolved(node)
        } catch {
            warnings.add(location, "\(error)", key: "reference \(node["$ref"]?.stringValue ?? "")")
            return nil
        }
    }

    /// Whether `schema` is a `$ref` to a schema the value is already inside: an optional part that is left out.
    func repeats(_ schema: JSONNode, in context: Context) -> Bool {
        guard let reference = schema["$ref"]?.stringValue else { return false }
        return context.references.contains(reference)
    }

    /// An `enum` value, the non-null ones first; items of an array take the values in turn.
    private func enumValue(_ schema: JSONNode, variation: Int) -> JSONNode? {
        guard let values = schema["enum"]?.elements, !values.isEmpty else { return nil }
        let preferred = values.filter { if case .null = $0.value { false } else { true } }
        let choices = preferred.isEmpty ? values : preferred
        return choices[variation % choices.count]
    }
}
