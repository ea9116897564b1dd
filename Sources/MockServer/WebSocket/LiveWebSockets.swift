import StandInEngine
import StandInFixtures
import StandInSupport

/// The WebSockets open now on every loop, by id, for the admin API: what each is (path, fixture, subprotocol, the
/// state it answers from), its transcript, and a way to reach its conversation on its own loop.
///
/// Threads: any; the table is locked, and a conversation is only touched on its loop (through `LoopBound`).
final class LiveWebSockets: Sendable {
    /// One open WebSocket.
    struct Entry: Sendable {
        let id: Int
        let path: String
        let fixture: String
        let subprotocol: String?
        /// The state whose fixtures answer it: the server's, or a session's.
        let state: SessionState
        let transcript: WebSocketTranscript
        let conversation: LoopBound<WebSocketConversation>
    }

    private struct Table {
        var entries: [Int: Entry] = [:]
        var lastID = 0
    }

    private let table = Locked(Table())

    /// A new WebSocket's id: from 1, never reused.
    func newID() -> Int {
        table.withLock { table in
            table.lastID += 1
            return table.lastID
        }
    }

    /// Adds an open WebSocket under the id `newID()` gave it.
    func add(
        id: Int,
        path: String,
        fixture: String,
        subprotocol: String?,
        state: SessionState,
        transcript: WebSocketTranscript,
        conversation: LoopBound<WebSocketConversation>
    ) {
        table.withLock { table in
            table.entries[id] = Entry(
                id: id,
                path: path,
                fixture: fixture,
                subprotocol: subprotocol,
                state: state,
                transcript: transcript,
                conversation: conversation
            )
        }
    }

    /// Forgets a WebSocket that has closed.
    func remove(_ id: Int) {
        table.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// The open WebSocket with `id` answering from `state`, if there is one.
    func entry(_ id: Int, state: SessionState) -> Entry? {
        table.withLock { $0.entries[id] }.flatMap { $0.state === state ? $0 : nil }
    }

    /// The open WebSockets answering from `state`, oldest first.
    func all(state: SessionState) -> [Entry] {
        table.withLock { $0.entries.values.filter { $0.state === state } }.sorted { $0.id < $1.id }
    }

    /// How many WebSockets are open, on every state.
    var count: Int { table.withLock { $0.entries.count } }
}
