/// Reads `text/event-stream` bytes into ``ServerSentEvent``s as the WHATWG HTML standard's event stream
/// interpretation does, whatever pieces the bytes arrive in.
///
/// One leading byte order mark is skipped; lines end at CR LF, LF or CR; a line starting with `:` is a comment;
/// `data:` lines are joined with line feeds; an `id:` containing NUL is ignored, and the last event ID persists from
/// event to event (an `id:` counts once its event ends); `retry:` is taken only when it is all ASCII digits; a blank
/// line dispatches the event, unless it has no data. ``endOfStream()`` drops a half-read event, as the standard does
/// when a connection ends, and keeps the last event ID and reconnection time for the next connection.
///
/// ```swift
/// var parser = EventStreamParser()
/// let events = parser.parse(Array("event: delta\ndata: Hel\n\n".utf8))   // one "delta" event
/// ```
public struct EventStreamParser: Sendable {
    /// The longest line kept, in bytes: past it, the rest of the line is dropped, so that a stream without line
    /// breaks cannot take all memory.
    public static let maxLineBytes = 1 << 20
    /// The most data one event keeps, in bytes: further `data:` lines of the event are dropped.
    public static let maxDataBytes = 8 << 20

    /// The last event ID as of the last event dispatched (or the last blank line): what a reconnection sends as
    /// `Last-Event-ID` (empty: none).
    public private(set) var lastEventID = ""
    /// The reconnection time the stream last set with `retry:`, if it did.
    public private(set) var reconnectionTime: Duration?

    private var line: [UInt8] = []
    /// Whether the line being read is the connection's first, where a byte order mark is skipped.
    private var isFirstLine = true
    /// Whether the last byte was a CR, so that an LF right after it ends nothing more.
    private var afterCR = false
    /// The `id:` of the event being read, which becomes ``lastEventID`` when the event ends.
    private var eventID = ""
    private var eventType = ""
    private var data: [UInt8] = []
    private var hasData = false
    private var eventRetry: Duration?

    /// Creates a parser for a new stream.
    public init() {}

    /// Reads the next bytes of the stream and returns the events they complete, in order.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCR:
                afterCR = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCR = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                afterCR = false
                if line.count < Self.maxLineBytes { line.append(byte) }
            }
        }
        return events
    }

    /// Ends the connection's stream: a half-read line or event is dropped; the last event ID and the reconnection
    /// time stay for the next connection, whose stream may start with a byte order mark again.
    public mutating func endOfStream() {
        line.removeAll(keepingCapacity: true)
        isFirstLine = true
        afterCR = false
        resetEvent()
    }

    /// Interprets the line just read; returns the event a blank line dispatches.
    private mutating func endLine() -> ServerSentEvent? {
        defer {
            line.removeAll(keepingCapacity: true)
            isFirstLine = false
        }
        var start = 0
        if isFirstLine, line.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard start < line.count else { return dispatch() }
        let text = line[start...]
        guard text.first != UInt8(ascii: ":") else { return nil }
        let colon = text.firstIndex(of: UInt8(ascii: ":"))
        let name = text[..<(colon ?? text.endIndex)]
        var value = colon.map { text[($0 + 1)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        process(field: name, value: value)
        return nil
    }

    private mutating func process(field name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            guard data.count + value.count < Self.maxDataBytes else { return }
            data.append(contentsOf: value)
            data.append(UInt8(ascii: "\n"))
            hasData = true
        case "id":
            if !value.contains(0) { eventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            guard !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let milliseconds = Int64(String(decoding: value, as: UTF8.self))
            else { return }
            reconnectionTime = .milliseconds(milliseconds)
            eventRetry = reconnectionTime
        default:
            break
        }
    }

    /// The event the fields read so far make, if it has data; the fields start afresh either way.
    private mutating func dispatch() -> ServerSentEvent? {
        defer { resetEvent() }
        lastEventID = eventID
        guard hasData else { return nil }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType,
            data: String(decoding: data.dropLast(), as: UTF8.self),
            id: lastEventID.isEmpty ? nil : lastEventID,
            retry: eventRetry
        )
    }

    /// Drops the fields of the event being read; its `id:` goes back to the last one dispatched.
    private mutating func resetEvent() {
        eventID = lastEventID
        eventType = ""
        data.removeAll(keepingCapacity: true)
        hasData = false
        eventRetry = nil
    }
}
