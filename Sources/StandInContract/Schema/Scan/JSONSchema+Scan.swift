extension JSONSchema {
    /// The verdict on the JSON document `bytes`, read in place without building it: true when it is JSON this schema
    /// accepts, false when it breaks the schema, nil when the scan leaves the question to `JSONParser` and
    /// `violations` (a string with an escape, nesting past 64, anything malformed). Whenever it answers, it agrees
    /// with parsing the document and calling `isValid`; it costs a fraction of that.
    public func scannedVerdict(on bytes: UnsafeBufferPointer<UInt8>, direction: SchemaDirection) -> Bool? {
        var cursor = JSONCursor(bytes)
        guard let verdict = root.scanIsValid(&cursor, direction, depth: 0) else { return nil }
        guard verdict else { return false }
        return cursor.isAtEnd() ? true : nil
    }
}
