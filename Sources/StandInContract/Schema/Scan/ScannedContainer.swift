import StandInFixtures

/// An array or object a `JSONCursor` has read to its end, for the checks that look at it whole: schemas that apply
/// to the same value (`allOf`, `anyOf`, `oneOf`, `not`, `$ref`), which read it again, and checks on its value
/// (`enum`, `const`, `discriminator`), which parse it.
struct ScannedContainer {
    /// The cursor after the container.
    let cursor: JSONCursor
    /// Where the container's opening bracket is.
    let start: Int
    /// Its members or elements.
    let count: Int

    /// Whether the container passes `check`; nil when a reading of it leaves the question to the parser.
    func isValid(_ check: SchemaCheck, _ direction: SchemaDirection, depth: Int) -> Bool? {
        switch check {
        case .allOf(let schemas):
            for schema in schemas {
                guard let verdict = rescan(schema, direction, depth: depth) else { return nil }
                guard verdict else { return false }
            }
            return true
        case .anyOf(let schemas):
            for schema in schemas {
                guard let verdict = rescan(schema, direction, depth: depth) else { return nil }
                if verdict { return true }
            }
            return false
        case .oneOf(let schemas):
            var matches = 0
            for schema in schemas {
                guard let verdict = rescan(schema, direction, depth: depth) else { return nil }
                if verdict { matches += 1 }
                if matches == 2 { return false }
            }
            return matches == 1
        case .not(let schema):
            return rescan(schema, direction, depth: depth).map { !$0 }
        case .reference(let reference):
            return rescan(reference.node, direction, depth: depth)
        default:
            guard let node = parsed() else { return nil }
            return check.isValid(node, direction)
        }
    }

    /// Reads the container again, against `schema`; each reading counts as a level of nesting, so that schemas
    /// applying to one another stop at the cursor's depth.
    private func rescan(_ schema: SchemaNode, _ direction: SchemaDirection, depth: Int) -> Bool? {
        var again = cursor
        again.index = start
        return schema.scanIsValid(&again, direction, depth: depth + 1)
    }

    /// The container as `JSONParser` builds it.
    private func parsed() -> JSONNode? {
        try? JSONParser.parse(cursor.bytes[start..<cursor.index])
    }
}
