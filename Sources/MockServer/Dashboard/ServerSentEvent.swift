/// One server-sent event as it goes on the wire (`event:`, `id:`, `data:` lines, then a blank line).
struct ServerSentEvent {
    /// The event's type, which the page listens for.
    let name: StaticString
    /// The id, if any: the page may resume after it.
    var id: Int?
    /// One line of data: compact JSON, which has no line breaks.
    let data: [UInt8]

    /// The event's bytes.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        Self.append(name: name, id: id, into: &bytes) { $0.append(contentsOf: data) }
        return bytes
    }

    /// Appends an event to `out` whose data `writeData` appends in place (one line: compact JSON).
    static func append(name: StaticString, id: Int?, into out: inout [UInt8], writeData: (inout [UInt8]) -> Void) {
        out.append("event: ")
        out.append(name)
        if let id {
            out.append("\nid: ")
            out.appendDecimal(id)
        }
        out.append("\ndata: ")
        writeData(&out)
        out.append("\n\n")
    }
}
