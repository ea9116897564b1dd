extension MemberRules {
    /// Reads the value of the member whose key was just read and checks it against every rule that names the key (the
    /// value is read again for each further rule); false when a rule refuses it, nil when the scan leaves it to the
    /// parser. `propertyCursor` is the object's place in `properties` (see `PropertyTable`).
    func scanMember(
        _ key: ScannedString,
        _ cursor: inout JSONCursor,
        _ direction: SchemaDirection,
        depth: Int,
        from propertyCursor: inout Int
    ) -> Bool? {
        cursor.skipWhitespace()
        let valueStart = cursor.index
        var isRead = false
        func check(_ schema: SchemaNode, _ cursor: inout JSONCursor) -> Bool? {
            if isRead { cursor.index = valueStart }
            isRead = true
            return schema.scanIsValid(&cursor, direction, depth: depth)
        }
        if let schema = properties.schema(named: key, from: &propertyCursor) {
            guard let verdict = check(schema, &cursor) else { return nil }
            guard verdict else { return false }
        }
        for rule in patterns where rule.pattern.matches(utf8: key.bytes) {
            guard let verdict = check(rule.schema, &cursor) else { return nil }
            guard verdict else { return false }
        }
        if !isRead {
            switch additional {
            case .allowed: break
            case .forbidden: return false
            case .schema(let schema):
                guard let verdict = check(schema, &cursor) else { return nil }
                guard verdict else { return false }
            }
        }
        return isRead || cursor.skipValue(depth: depth) ? true : nil
    }
}
