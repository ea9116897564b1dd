/// Parses JSON documents into `JSONNode` trees that remember the line of every value and key.
public enum JSONParser {
    /// Parses one JSON document (RFC 8259; whitespace around it allowed; anything after it is an error).
    ///
    /// A UTF-8 byte order mark at the start is skipped. Arrays and objects may nest at most 512 deep.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONNode {
        let result =
            bytes.withContiguousStorageIfAvailable(parse(buffer:))
            ?? Array(bytes).withUnsafeBufferPointer(parse(buffer:))
        return try result.get()
    }

    /// Parses one JSON document held in a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(text.utf8)
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONNode, JSONSyntaxError> {
        var scanner = JSONScanner(buffer)
        do {
            return .success(try scanner.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}
