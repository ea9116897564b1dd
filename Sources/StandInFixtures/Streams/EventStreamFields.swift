/// The fields of each event of a whole `text/event-stream` body as the `events` form stores them, for the recorder
/// and the importers: comments kept, no id carried from event to event (`NetworkCore.EventStreamParser` reads a
/// stream as a client does). It also says whether the `events` form can carry the body: only when every line is a
/// comment or one of the fields the standard knows (`event`, `data`, `id`, `retry` with digits only, an `id` without
/// NUL), the text is UTF-8, and the body ends with the empty line that ends its last event. Anything else is kept as
/// the bytes it is.
package enum EventStreamFields {
    /// One event as it came: the block of lines up to an empty line.
    package struct Event: Equatable, Sendable {
        /// The comment lines (`: …`), joined with line feeds; nil when there were none.
        package var comment: String?
        package var event: String?
        package var id: String?
        /// The reconnection time in milliseconds.
        package var retry: Int?
        /// The `data` lines, joined with line feeds; nil when there were none.
        package var data: String?

        package init(
            comment: String? = nil,
            event: String? = nil,
            id: String? = nil,
            retry: Int? = nil,
            data: String? = nil
        ) {
            self.comment = comment
            self.event = event
            self.id = id
            self.retry = retry
            self.data = data
        }
    }

    /// The events of `body`, in order; nil when the events form cannot carry it (see above).
    package static func events(in body: [UInt8]) -> [Event]? {
        let result = read(body)
        return result.isWellFormed ? result.events : nil
    }

    /// The `data` of every event in `body`, read leniently: lines that are no field are passed over, and an
    /// unfinished last event counts. For finding the secrets a stream hands out, however malformed it is.
    package static func dataValues(in body: [UInt8]) -> [String] {
        read(body).events.compactMap(\.data)
    }

    /// Every event of `body` (an unfinished last one included, a line that is no field passed over), and whether the
    /// events form can carry the body.
    private static func read(_ body: [UInt8]) -> (events: [Event], isWellFormed: Bool) {
        var isWellFormed = String(validating: body, as: UTF8.self) != nil
        var lines = EventStreamLines()
        var events: [Event] = []
        var current = Event()
        var isEmpty = true
        lines.feed(body) { line, _ in
            guard !line.isEmpty else {
                if !isEmpty { events.append(current) }
                (current, isEmpty) = (Event(), true)
                return
            }
            isEmpty = false
            if !read(String(decoding: line, as: UTF8.self), into: &current) { isWellFormed = false }
        }
        if lines.hasPendingLine {
            _ = read(String(decoding: lines.pendingLine, as: UTF8.self), into: &current)
            isEmpty = false
        }
        if !isEmpty {
            events.append(current)
            isWellFormed = false
        }
        return (events, isWellFormed)
    }

    /// Adds one line's field to `event`; false when the line is no field the events form can carry.
    private static func read(_ line: String, into event: inout Event) -> Bool {
        let name: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            name = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            (name, value) = (Substring(line), "")
        }
        switch name {
        case "":
            event.comment = event.comment.map { $0 + "\n" + value } ?? String(value)
        case "event":
            event.event = String(value)
        case "data":
            event.data = event.data.map { $0 + "\n" + value } ?? String(value)
        case "id":
            guard !value.contains("\0") else { return false }
            event.id = String(value)
        case "retry":
            guard !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let milliseconds = Int(value)
            else { return false }
            event.retry = milliseconds
        default:
            return false
        }
        return true
    }
}
