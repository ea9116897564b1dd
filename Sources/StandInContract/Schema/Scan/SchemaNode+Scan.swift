import StandInFixtures

extension SchemaNode {
    /// Whether the value at `cursor` passes every check, read in place; nil when the scan leaves it to the parser.
    /// When the answer is true the cursor is after the value.
    func scanIsValid(_ cursor: inout JSONCursor, _ direction: SchemaDirection, depth: Int) -> Bool? {
        cursor.skipWhitespace()
        let start = cursor.index
        switch cursor.readValueStart() {
        case nil: return nil
        case .scalar(let scalar): return isValid(scalar, direction)
        case .object: return scanObject(&cursor, from: start, direction, depth: depth)
        case .array: return scanArray(&cursor, from: start, direction, depth: depth)
        }
    }

    /// Whether `scalar` passes every check.
    func isValid(_ scalar: ScannedScalar, _ direction: SchemaDirection) -> Bool {
        for check in checks where !check.isValid(scalar, direction) { return false }
        return true
    }

    /// Reads the object whose `{` is just read: its members against `members` and `required` in one pass, then the
    /// checks on the whole object.
    private func scanObject(
        _ cursor: inout JSONCursor,
        from start: Int,
        _ direction: SchemaDirection,
        depth: Int
    ) -> Bool? {
        guard depth < JSONCursor.maximumDepth else { return nil }
        var scan = ObjectScan(checks, direction)
        guard let membersValid = scan.readMembers(&cursor, direction, depth: depth + 1) else { return nil }
        guard membersValid else { return false }
        let value = ScannedContainer(cursor: cursor, start: start, count: scan.count)
        for check in checks {
            switch check {
            case .type(let types, _): guard types.contains(.object) else { return false }
            case .minProperties(let limit): guard scan.count >= limit else { return false }
            case .maxProperties(let limit): guard scan.count <= limit else { return false }
            case .required:
                guard let verdict = scan.hasEveryRequiredName ?? value.isValid(check, direction, depth: depth) else {
                    return nil
                }
                guard verdict else { return false }
            case .members, .minLength, .maxLength, .pattern, .format, .minimum, .maximum, .multipleOf, .minItems,
                .maxItems, .uniqueItems, .elements:
                continue
            default:
                guard let verdict = value.isValid(check, direction, depth: depth) else { return nil }
                guard verdict else { return false }
            }
        }
        return true
    }

    /// Reads the array whose `[` is just read: its elements against `items` in one pass, then the checks on the whole
    /// array.
    private func scanArray(
        _ cursor: inout JSONCursor,
        from start: Int,
        _ direction: SchemaDirection,
        depth: Int
    ) -> Bool? {
        guard depth < JSONCursor.maximumDepth else { return nil }
        var scan = ArrayScan(checks)
        guard let elementsValid = scan.readElements(&cursor, direction, depth: depth + 1) else { return nil }
        guard elementsValid else { return false }
        let value = ScannedContainer(cursor: cursor, start: start, count: scan.count)
        for check in checks {
            switch check {
            case .type(let types, _): guard types.contains(.array) else { return false }
            case .minItems(let limit): guard scan.count >= limit else { return false }
            case .maxItems(let limit): guard scan.count <= limit else { return false }
            case .uniqueItems:
                guard
                    let verdict = scan.elementsDiffer(in: cursor.bytes) ?? value.isValid(check, direction, depth: depth)
                else { return nil }
                guard verdict else { return false }
            case .elements, .minLength, .maxLength, .pattern, .format, .minimum, .maximum, .multipleOf,
                .minProperties, .maxProperties, .required, .members:
                continue
            default:
                guard let verdict = value.isValid(check, direction, depth: depth) else { return nil }
                guard verdict else { return false }
            }
        }
        return true
    }
}
