import Foundation
import StandInFixtures
import StandInSupport

/// The messages of one WebSocket both ways, as the admin API and the journal show them: each with its direction,
/// its kind, its bytes (cut at `Journal.maxBodyBytes`) and when it passed, counted from the upgrade. At most
/// `maxMessages` are kept; later ones are only counted.
///
/// Threads: written on the WebSocket's loop, read by admin calls on any loop (hence the lock).
final class WebSocketTranscript: Sendable {
    /// One message.
    struct Message: Sendable {
        /// True for a message from the client, false for one the server sent.
        let fromClient: Bool
        let kind: WebSocketMessage.Kind
        /// The bytes, at most `Journal.maxBodyBytes` of them.
        let bytes: [UInt8]
        /// How long after the upgrade it passed.
        let offset: Duration
    }

    /// What the transcript holds at one moment.
    struct Snapshot: Sendable {
        /// The WebSocket's id in the admin API.
        let id: Int
        var messages: [Message] = []
        /// Messages not kept, past `maxMessages`.
        var notKept = 0
        var received = 0
        var sent = 0
        /// How the WebSocket ended (`closed by client 1000 bye`); nil while it is open.
        var end: String?
    }

    /// The most messages one transcript keeps.
    static let maxMessages = 1000

    private let started = ContinuousClock.now
    private let state: Locked<Snapshot>

    /// An empty transcript of the WebSocket `id`.
    init(id: Int) {
        state = Locked(Snapshot(id: id))
    }

    /// Adds a message that passed now.
    func add(_ message: WebSocketMessage, fromClient: Bool) {
        let offset = ContinuousClock.now - started
        state.withLock { snapshot in
            if fromClient { snapshot.received += 1 } else { snapshot.sent += 1 }
            guard snapshot.messages.count < Self.maxMessages else {
                snapshot.notKept += 1
                return
            }
            let bytes = Array(message.bytes.prefix(Journal.maxBodyBytes))
            snapshot.messages.append(Message(fromClient: fromClient, kind: message.kind, bytes: bytes, offset: offset))
        }
    }

    /// Records how the WebSocket ended.
    func end(_ description: String) {
        state.withLock { $0.end = description }
    }

    /// What the transcript holds now.
    var snapshot: Snapshot { state.withLock { $0 } }
}

extension WebSocketTranscript.Snapshot {
    /// What the messages hold in memory, about: their bytes and a share for each.
    var byteCount: Int { messages.reduce(0) { $0 + $1.bytes.count + 48 } }

    /// `{"id","received","sent","notKept","end","messages":[{"from":"client"|"server","text"|"base64","atMs"}]}`.
    var json: JSONNode {
        let messages = messages.map { message in
            var members: [(String, JSONNode)] = [("from", AdminJSON.string(message.fromClient ? "client" : "server"))]
            if message.kind == .text {
                members.append(("text", AdminJSON.string(String(decoding: message.bytes, as: UTF8.self))))
            } else {
                members.append(("base64", AdminJSON.string(Data(message.bytes).base64EncodedString())))
            }
            members.append(("atMs", JSONNode(.number(MillisecondsLiteral.text(message.offset)))))
            return AdminJSON.object(members)
        }
        return AdminJSON.object([
            ("id", AdminJSON.int(id)),
            ("received", AdminJSON.int(received)),
            ("sent", AdminJSON.int(sent)),
            ("notKept", AdminJSON.int(notKept)),
            ("end", AdminJSON.string(end)),
            ("messages", AdminJSON.array(messages)),
        ])
    }
}
