import CLibevent
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request answered later than the callback that received it: after a delay, never, in slow pieces, or with
/// its connection cut. It learns when the client is gone, so nothing is sent to, or freed twice from, a dead request.
///
/// Ownership: evhttp owns the request and its connection. While deferred, the connection's record in the loop's
/// `ConnectionGuard` holds this object strongly (its close notice) until the connection closes or `finish()`
/// clears it. When the connection goes down, libevent frees the request unless it had already detached it from the
/// connection (a reply in progress); then this object frees it. From `finish()` on, evhttp frees the request once
/// the reply is out, without telling anyone, so `request` is nil from then on. The hang-up watch's event has an
/// unretained pointer to this object; it is freed when the watch stops, at the latest in `deinit`. Threads: the
/// loop's thread only.
package final class DeferredRequest {
    /// The request; nil once the client is gone or `finish()` handed it to evhttp.
    package private(set) var request: ServerRequest?
    /// Called once when the client is gone before the answer finished.
    package var onHangUp: (() -> Void)?
    private let connection: OpaquePointer
    /// Unowned: the loop outlives its requests (freeing its HTTP server closes their connections).
    private unowned let loop: EventLoop
    /// The connection's record; nil only if the connection had closed before the request was deferred.
    private let record: ConnectionRecord?
    private var hangUpWatch: OpaquePointer?
    /// The loop's count of live deferred requests, which this one is part of until `deinit`.
    private let tally: Locked<Int>

    /// Holds `request`, received on `loop`, for an answer later on the same loop's thread.
    package init(_ request: ServerRequest, on loop: EventLoop) {
        self.request = request
        self.loop = loop
        tally = loop.deferredRequests
        tally.withLock { $0 += 1 }
        connection = evhttp_request_get_connection(request.request)
        record = loop.connections.record(for: connection)
        record?.onClose = { [self] in connectionClosed() }
    }

    /// Stops watching the connection: call right before the final send, after which evhttp owns everything. Take
    /// `request` first: it is nil from now on, as evhttp frees the request once the reply is out.
    package func finish() {
        stopWatchingForHangUp()
        record?.onClose = nil
        request = nil
    }

    deinit {
        stopWatchingForHangUp()
        tally.withLock { $0 -= 1 }
    }

    /// Closes the connection without a response: a TCP reset, or a clean close. Done on the next turn of the loop,
    /// outside libevent's callbacks, since it frees the connection.
    package func closeConnection(reset: Bool) {
        loop.schedule(after: .zero) { [self] in
            guard request != nil else { return }
            if reset { SocketReset.prepare(bufferevent_getfd(evhttp_connection_get_bufferevent(connection))) }
            evhttp_connection_free(connection)
        }
    }

    /// Closes the connection as `closeConnection` does, once the bytes written to it so far have left its output
    /// buffer (an answer cut part-way must reach the client before the cut), checking every `drainCheck`; after
    /// `drainLimit`, it closes whatever is left.
    package func closeConnectionOnceSent(reset: Bool) {
        closeConnectionOnceSent(reset: reset, deadline: .now + Self.drainLimit)
    }

    private func closeConnectionOnceSent(reset: Bool, deadline: ContinuousClock.Instant) {
        guard request != nil else { return }
        let waiting = evbuffer_get_length(bufferevent_get_output(evhttp_connection_get_bufferevent(connection)))
        guard waiting > 0, ContinuousClock.now < deadline else { return closeConnection(reset: reset) }
        loop.schedule(after: Self.drainCheck) { [self] in closeConnectionOnceSent(reset: reset, deadline: deadline) }
    }

    /// How often `closeConnectionOnceSent` looks whether the output has left.
    static let drainCheck = Duration.milliseconds(2)
    /// How long `closeConnectionOnceSent` waits for a client that does not read before closing anyway.
    static let drainLimit = Duration.seconds(1)

    /// Notices a client that hangs up while nothing is being sent (evhttp stops reading a connection once a request
    /// has arrived): the connection is closed as soon as the client's end is.
    package func watchForHangUp() {
        let socket = bufferevent_getfd(evhttp_connection_get_bufferevent(connection))
        let context = Unmanaged.passUnretained(self).toOpaque()
        hangUpWatch = event_new(loop.eventBase, socket, Int16(EV_READ | EV_PERSIST), readableWhileHeld, context)
        event_add(hangUpWatch, nil)
    }

    fileprivate func clientMayHaveLeft(socket: Int32) {
        var byte: UInt8 = 0
        let received = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if received > 0 {
            // The client is sending more (a pipelined request): it is still there; stop polling its socket.
            stopWatchingForHangUp()
        } else if received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
            stopWatchingForHangUp()
            evhttp_connection_free(connection)
        }
    }

    private func connectionClosed() {
        stopWatchingForHangUp()
        if let request, evhttp_request_get_connection(request.request) == nil {
            evhttp_request_free(request.request)
        }
        request = nil
        let hangUp = onHangUp
        onHangUp = nil
        hangUp?()
    }

    /// Stops polling the client's socket (evhttp notices hang-ups itself while it is writing).
    package func stopWatchingForHangUp() {
        guard let hangUpWatch else { return }
        event_free(hangUpWatch)
        self.hangUpWatch = nil
    }
}

/// libevent calls this on the loop's thread when a held request's socket becomes readable.
private func readableWhileHeld(_ socket: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<DeferredRequest>.fromOpaque(context).takeUnretainedValue().clientMayHaveLeft(socket: socket)
}
