/// One server-sent event as it goes on the wire (`event:`, `id:`, `data:` lines, then a blank line).
struct ServerSentEvent {
    /// The event's type, which the page listens for.
    let name: String
    /// The id, if any: the page may resume after it.
    var id: Int?
    /// One line of data: compact JSON, which has no line breaks.
    let data: [UInt8]

    /// The event's bytes.
    var bytes: [UInt8] {
        var bytes = Array("event: \(name)\n".utf8)
        if let id { bytes += Array("id: \(id)\n".utf8) }
        bytes += Array("data: ".utf8)
        bytes += data
        bytes += Array("\n\n".utf8)
        return bytes
    }
}
