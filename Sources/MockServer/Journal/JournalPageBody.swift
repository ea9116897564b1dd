import StandInEngine
import StandInFixtures

/// A page of the journal as JSON, `{"count","capacity","next","requests":[…]}`, written a few entries at a time as
/// the client reads it: never the whole answer in memory at once, however large the entries are.
final class JournalPageBody: StreamedBody {
    /// A piece ends after the entry that takes it past this size.
    static let pieceBytes = 64 * 1024

    private var remaining: ArraySlice<JournalEntry>
    private var opening: [UInt8]?
    private var wroteEntry = false
    private var closed = false

    /// `next` is the cursor for the following page; nil on the last.
    init(_ entries: [JournalEntry], capacity: Int, next: Int?) {
        remaining = entries[...]
        let head = AdminJSON.object([
            ("count", AdminJSON.int(entries.count)),
            ("capacity", AdminJSON.int(capacity)),
            ("next", next.map(AdminJSON.int) ?? AdminJSON.null),
        ]).compactBytes
        // `{"count":…,"next":…}` opened up to take the requests as its last member.
        opening = head[..<(head.count - 1)] + Array(#","requests":["#.utf8)
    }

    func nextPiece() -> ArraySlice<UInt8>? {
        guard !closed else { return nil }
        var piece = opening ?? []
        opening = nil
        while piece.count < Self.pieceBytes, let entry = remaining.popFirst() {
            if wroteEntry { piece.append(UInt8(ascii: ",")) }
            JSONWriter.writeCompact(entry.json, into: &piece)
            wroteEntry = true
        }
        if remaining.isEmpty {
            piece += Array("]}".utf8)
            closed = true
        }
        return piece[...]
    }
}
