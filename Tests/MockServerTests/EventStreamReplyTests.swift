import Foundation
import ServerTestSupport
import Synchronization
import Testing

@testable import MockServer
@testable import StandInEngine

/// `EventStreamReply` on a real loop, socket and evhttp: once `end` has been called, the reply sends nothing more,
/// neither while its last bytes go out nor after evhttp has freed the request with its connection. (The dashboard's
/// streams can be written to after they end: a write queued before a slow client's stream was dropped runs later.)
@Suite struct EventStreamReplyTests {
    /// Answers every request with an event stream that it ends at once, and keeps the reply to try it again later.
    /// `@unchecked Sendable`: the reply is touched on the loop's thread only (`handle`, `tryAgain` through `execute`);
    /// other threads read only `seen`, under its lock.
    private final class EndedStreamHandler: HTTPHandler, @unchecked Sendable {
        unowned let loop: EventLoop
        private var reply: EventStreamReply?
        /// What the ended reply said when tried again: whether it was open, and whether `send` took the bytes.
        let seen = Mutex<[(open: Bool, sent: Bool)]>([])

        init(loop: EventLoop) {
            self.loop = loop
        }

        func handle(_ request: ServerRequest) {
            let reply = EventStreamReply(request, budget: 64 * 1024, writeTimeoutSeconds: 30, on: loop)
            _ = reply.send(Array("data: first\n\n".utf8)[...])
            reply.end(with: Array("data: last\n\n".utf8))
            self.reply = reply
            if request.path == "/late" { tryAgain() }
        }

        /// Sends to the ended reply and ends it again, as a late write of a dropped stream would.
        func tryAgain() {
            guard let reply else { return }
            let open = reply.isOpen
            let sent = reply.send(Array("data: late\n\n".utf8)[...])
            reply.end(with: Array("data: again\n\n".utf8))
            seen.withLock { $0.append((open, sent)) }
        }

        func engineDid(_ event: EngineEvent) {}
    }

    /// Runs `body` with a one-loop server whose handler is `EndedStreamHandler`, and always stops it.
    private func withEndedStreams(_ body: (EndedStreamHandler, Int) async throws -> Void) async throws {
        let handlers = Mutex<[EndedStreamHandler]>([])
        let server = HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits()) { loop in
            let handler = EndedStreamHandler(loop: loop)
            handlers.withLock { $0.append(handler) }
            return handler
        }
        try server.start()
        defer { server.stop() }
        let handler = try #require(handlers.withLock { $0.first })
        // On a thread of its own, as `withRunningServer` runs its body.
        try await onOwnExecutor { try await body(handler, server.port) }
    }

    /// Asks for `path` and reads until the server closes the connection (or 30 s pass without a byte).
    private func read(_ path: String, port: Int) async throws -> (text: String, closed: Bool) {
        let connection = try RawConnection(port: port, timeout: 30)
        await connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let text = await connection.readAll()
        return (text, connection.isClosed)
    }

    @Test func anEndedStreamTakesNoMoreBytesAndItsConnectionCloses() async throws {
        try await withEndedStreams { handler, port in
            let (text, closed) = try await read("/late", port: port)
            #expect(text.contains("data: first") && text.contains("data: last"))
            #expect(!text.contains("data: late") && !text.contains("data: again"), "\(text.debugDescription)")
            #expect(
                text.hasSuffix("\r\n0\r\n\r\n"),
                "the last chunk ends the reply: \(text.suffix(60).debugDescription)"
            )
            #expect(closed)
            let seen = handler.seen.withLock { $0 }
            #expect(seen.count == 1 && seen.allSatisfy { !$0.open && !$0.sent }, "\(seen)")
        }
    }

    @Test func anEndedStreamWhoseConnectionIsGoneTouchesNothing() async throws {
        try await withEndedStreams { handler, port in
            let (text, closed) = try await read("/then-later", port: port)
            #expect(text.hasSuffix("\r\n0\r\n\r\n") && closed)
            // evhttp has freed the request and its connection: the reply must not reach for either.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                handler.loop.execute {
                    handler.tryAgain()
                    done.resume()
                }
            }
            let seen = handler.seen.withLock { $0 }
            #expect(seen.count == 1 && seen.allSatisfy { !$0.open && !$0.sent }, "\(seen)")
        }
    }
}
