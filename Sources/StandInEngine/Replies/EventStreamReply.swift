import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reply that stays open and carries server-sent events (`text/event-stream`) as they come, in chunks, with a
/// bound on what one client may leave unread: a piece that would take the bytes waiting in the connection's output
/// buffer past `budget` is refused, so a client that stops reading never makes the server's memory grow.
///
/// The reply says `Connection: close`: once `end` has been called and the last bytes have left, evhttp closes the
/// connection. The connection's read timeout is off (a browser sends nothing while it listens); its write timeout
/// stays, so a client that stops reading is cut off after `writeTimeoutSeconds` even when its last bytes never
/// leave. The kernel's send buffer for the socket is kept small too (`socketSendBuffer`).
///
/// Ownership: evhttp owns the request and its connection; the caller owns this reply, which holds the request's
/// `DeferredRequest` (the connection's record holds that one until the client is gone or `end` is called, and
/// its hang-up notice holds this reply weakly). Threads: the loop's thread only.
///
/// evhttp keeps reading a connection while it sends a reply, so it notices a client that leaves even while the
/// stream sends nothing.
package final class EventStreamReply {
    private let request: DeferredRequest
    private let budget: Int
    /// Called once when the client is gone before `end`.
    package var onHangUp: (() -> Void)?

    /// The largest send buffer the kernel keeps for one stream's socket, so that what a stalled client leaves
    /// unread stays near `budget` in the kernel as well.
    static let socketSendBuffer: Int32 = 64 * 1024

    /// Sends the status line and the headers added to `request` so far, plus the event stream's own; events follow
    /// with `send`. `budget` is the most bytes the connection's output buffer may hold.
    package convenience init(_ request: ServerRequest, budget: Int, writeTimeoutSeconds: Int, on loop: EventLoop) {
        self.init(DeferredRequest(request, on: loop), budget: budget, writeTimeoutSeconds: writeTimeoutSeconds)
    }

    /// The same, for a request already deferred (its answer waited on a timer; it must still be there), with
    /// `status`. The event stream's `Content-Type` and `Cache-Control` are added unless the request's headers have
    /// them.
    package init(_ request: DeferredRequest, status: Int = 200, budget: Int, writeTimeoutSeconds: Int) {
        self.request = request
        self.budget = budget
        guard let server = request.request else { preconditionFailure("an event stream for a request that is gone") }
        if !server.hasResponseHeader("Content-Type") {
            server.addHeader("Content-Type", "text/event-stream; charset=utf-8")
        }
        if !server.hasResponseHeader("Cache-Control") { server.addHeader("Cache-Control", "no-store") }
        server.addHeader("Connection", "close")
        request.onHangUp = { [weak self] in
            let hangUp = self?.onHangUp
            self?.onHangUp = nil
            hangUp?()
        }
        server.startReply(status: status)
        if let connection = evhttp_request_get_connection(server.request),
            let bufferEvent = evhttp_connection_get_bufferevent(connection)
        {
            var writeTimeout = timeval(tv_sec: writeTimeoutSeconds, tv_usec: 0)
            bufferevent_set_timeouts(bufferEvent, nil, &writeTimeout)
            var size = Self.socketSendBuffer
            setsockopt(
                bufferevent_getfd(bufferEvent),
                SOL_SOCKET,
                SO_SNDBUF,
                &size,
                socklen_t(MemoryLayout<Int32>.size)
            )
        }
    }

    /// The bytes written but not yet handed to the kernel; 0 once the client is gone or `end` was called.
    var waitingBytes: Int {
        guard let server = request.request, let connection = evhttp_request_get_connection(server.request),
            let bufferEvent = evhttp_connection_get_bufferevent(connection)
        else { return 0 }
        return evbuffer_get_length(bufferevent_get_output(bufferEvent))
    }

    /// Whether the reply still takes events: the client is there and `end` has not been called. (Once ended, evhttp
    /// frees the request when the last bytes are out, and nothing may reach for it.)
    package var isOpen: Bool { request.request != nil }

    /// Sends `bytes` as one chunk; false (nothing sent) when they would take the waiting bytes past the budget or
    /// the client is gone. Nothing is sent for no bytes: an empty chunk would end the reply.
    package func send(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let server = request.request, waitingBytes + bytes.count <= budget else { return false }
        if !bytes.isEmpty { server.sendBodyChunk(bytes) }
        return true
    }

    /// Resets the connection (a TCP reset) once the events sent so far have left for the client: a stream cut
    /// part-way, as a dropped connection cuts it.
    package func cut() {
        onHangUp = nil
        request.onHangUp = nil
        request.closeConnectionOnceSent(reset: true)
    }

    /// Sends `last` whatever the budget (keep it small) and ends the reply; the connection closes once it is out.
    package func end(with last: [UInt8]) {
        guard let server = request.request else { return }
        onHangUp = nil
        request.finish()
        if !last.isEmpty { server.sendBodyChunk(last[...]) }
        server.endReply()
    }
}
