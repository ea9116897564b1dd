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
        case .object:
            var scan = ObjectScan(checks, direction)
            return scanContainer(&scan, &cursor, from: start, direction, depth: depth)
        case .array:
            var scan = ArrayScan(checks)
            return scanContainer(&scan, &cursor, from: start, direction, depth: depth)
        }
    }

    /// Whether `scalar` passes every check.
    func isValid(_ scalar: ScannedScalar, _ direction: SchemaDirection) -> Bool {
        for check in checks where !check.isValid(scalar, direction) { return false }
        return true
    }

    /// Reads the array or object whose opening bracket is just read: its elements or members in one pass (`scan`),
    /// then the checks on the whole container.
    private func scanContainer<Scan: ContainerScan>(
        _ scan: inout Scan,
        _ cursor: inout JSONCursor,
        from start: Int,
        _ direction: SchemaDirection,
        depth: Int
    ) -> Bool? {
        guard depth < JSONCursor.maximumDepth else { return nil }
        guard let contentValid = scan.read(&cursor, direction, depth: depth + 1) else { return nil }
        guard contentValid else { return false }
        let value = ScannedContainer(cursor: cursor, start: start, count: scan.count)
        for check in checks {
            let verdict: Bool?
            switch scan.verdict(on: check, in: cursor.bytes) {
            case .known(let known): verdict = known
            case .onTheWhole: verdict = value.isValid(check, direction, depth: depth)
            }
            guard let verdict else { return nil }
            guard verdict else { return false }
        }
        return true
    }
}
