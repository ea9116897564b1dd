import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `CONNECT` request turned into a tunnel: the client's connection joined byte for byte to a connection the server
/// opened (`OutboundConnection`), in both directions, never read. What one side sends is moved (not copied) into the
/// other's output buffer (once joined, by a `SocketReader` per side, in reads of 64 KB); when that holds `maxBuffered`
/// bytes the sending side is not read until it has drained to half, so a slow reader never makes the server's memory
/// grow. When one side closes, what it sent is delivered to the other, then both close. A tunnel with nothing passing
/// for `idleTimeoutSeconds` closes.
///
/// The client's connection stays evhttp's (libevent 2.1 cannot hand it over): the tunnel takes its bufferevent's
/// callbacks, its record in the loop's `ConnectionGuard` stops reading its bytes as requests
/// (`ConnectionRecord.takeOver`), and it still counts toward the connection limit. The `CONNECT` request is never
/// answered through evhttp (evhttp would frame a `200` as chunked): the tunnel writes `200 Connection Established`
/// itself.
///
/// Ownership: evhttp owns the client's connection, freed with `evhttp_connection_free`; the tunnel owns the server's
/// bufferevent, and its readers, dropped before either bufferevent is freed. The client connection's record holds the
/// tunnel strongly (its close notice) until that connection closes; libevent's callbacks hold unretained pointers to
/// it, cleared with the bufferevents and the readers. Threads: the loop's.
package final class Tunnel {
    /// What a tunnel carried: bytes from the client, bytes to it.
    package struct Traffic: Sendable, Equatable {
        package var fromClient = 0
        package var toClient = 0
    }

    /// The most bytes that wait in one side's output before the other side is no longer read.
    static let maxBuffered = 256 * 1024
    /// How long a closing tunnel waits for what one side sent to reach the other.
    static let flushWait = Duration.seconds(5)

    private let connection: OpaquePointer
    private let client: OpaquePointer
    private var server: OpaquePointer?
    /// Once joined, what reads each side (instead of its bufferevent).
    private var clientReader: SocketReader?
    private var serverReader: SocketReader?
    private var traffic = Traffic()
    private var closing = false
    private var closeScheduled = false
    private var ended: ((Traffic) -> Void)?
    /// Until the tunnel is joined to the server's side, when it waits for the client's first byte: hears it.
    private var firstByte: ((UInt8) -> Void)?
    private var idleTimeout = timeval()
    private unowned let loop: EventLoop

    /// Opens a tunnel for `request` (a `CONNECT`, deferred while the server's side connects) to `host`:`port`. Once
    /// connected, the tunnel answers `200` and runs until `ended`; when the host cannot be reached, `failed` gets
    /// the request (no longer deferred) to answer, and why. Nothing is called when the client leaves first.
    package static func open(
        _ request: DeferredRequest,
        toHost host: String,
        port: Int,
        idleTimeoutSeconds: Int,
        on loop: EventLoop,
        failed: @escaping (ServerRequest, OutboundFailure) -> Void,
        ended: @escaping (Traffic) -> Void
    ) {
        OutboundConnection.open(host: host, port: port, on: loop) { result in
            guard let client = request.request else {
                if case .success(let server) = result { bufferevent_free(server) }
                return
            }
            request.finish()
            switch result {
            case .failure(let failure):
                failed(client, failure)
            case .success(let server):
                let tunnel = Tunnel(client, idleTimeoutSeconds: idleTimeoutSeconds, on: loop, ended: ended)
                guard let tunnel else {
                    bufferevent_free(server)
                    return ended(Traffic())
                }
                tunnel.join(server)
            }
        }
    }

    /// Opens a tunnel for `request` (a `CONNECT` to a host the server answers itself) to one of the server's own
    /// loopback ports: answers `200` at once, waits for the client's first byte, and joins the client to
    /// `port(startsTLS)`, where `startsTLS` says whether that byte opens a TLS handshake (a record of type 22): an
    /// `https://` or `wss://` client's, or a plain `http://` or `ws://` one's. `ended` hears once what passed.
    package static func intercept(
        _ request: ServerRequest,
        port: @escaping (_ startsTLS: Bool) -> Int,
        idleTimeoutSeconds: Int,
        on loop: EventLoop,
        ended: @escaping (Traffic) -> Void
    ) {
        guard let tunnel = Tunnel(request, idleTimeoutSeconds: idleTimeoutSeconds, on: loop, ended: ended) else {
            return ended(Traffic())
        }
        // Strong: the tunnel waits for its server's side, whoever else lets go of it; `join` frees that side if the
        // client has left meanwhile.
        tunnel.firstByte = { [tunnel] first in
            OutboundConnection.open(host: "127.0.0.1", port: port(first == 22), on: loop) { result in
                switch result {
                case .success(let server): tunnel.join(server)
                case .failure: tunnel.close()
                }
            }
        }
        tunnel.moveInput(of: tunnel.client)
    }

    /// Takes `request`'s connection (a `CONNECT`) over and answers the client `200 Connection Established`; `ended`
    /// hears once, when the client's connection is gone, what passed. Until `join`, what the client sends waits in
    /// its input (`firstByte` hears of the first). Nil when the client's connection is gone.
    private init?(
        _ request: ServerRequest,
        idleTimeoutSeconds: Int,
        on loop: EventLoop,
        ended: @escaping (Traffic) -> Void
    ) {
        guard let connection = evhttp_request_get_connection(request.request),
            let client = evhttp_connection_get_bufferevent(connection)
        else { return nil }
        self.connection = connection
        self.client = client
        self.loop = loop
        self.ended = ended
        loop.connections.record(for: connection)?.takeOver { [self] in clientClosed() }
        let reply = "HTTP/1.1 200 Connection Established\r\n\r\n"
        _ = reply.withCString { evbuffer_add(bufferevent_get_output(client), $0, strlen($0)) }
        idleTimeout = timeval(tv_sec: idleTimeoutSeconds, tv_usec: 0)
        listen(to: client)
    }

    /// Joins the client to `server`, a connected bufferevent the tunnel takes over, passes on what the client sent so
    /// far, and from then on reads both sides with `SocketReader`s; the bufferevents only write.
    private func join(_ server: OpaquePointer) {
        guard !closeScheduled, ended != nil else { return bufferevent_free(server) }
        self.server = server
        firstByte = nil
        listen(to: server)
        for side in [client, server] {
            bufferevent_disable(side, Int16(EV_READ))
            bufferevent_set_max_single_write(side, Self.maxBuffered)
        }
        clientReader = reader(of: client, into: server)
        serverReader = reader(of: server, into: client)
        guard clientReader != nil, serverReader != nil else { return event(client, Int16(BEV_EVENT_ERROR)) }
        moveInput(of: client)
        guard !closing else { return }
        resumeReading(client)
        resumeReading(server)
    }

    private func reader(of side: OpaquePointer, into partner: OpaquePointer) -> SocketReader? {
        SocketReader(
            socket: bufferevent_getfd(side),
            into: bufferevent_get_output(partner),
            idleTimeout: idleTimeout,
            on: loop.eventBase
        ) { [unowned self] outcome in
            switch outcome {
            case .read(let count): carried(count, from: side)
            case .ended: event(side, Int16(BEV_EVENT_READING | BEV_EVENT_EOF))
            case .failed: event(side, Int16(BEV_EVENT_READING | BEV_EVENT_ERROR))
            case .idle: event(side, Int16(BEV_EVENT_READING | BEV_EVENT_TIMEOUT))
            }
        }
    }

    /// Sets `side`'s callbacks and idle timeout, and turns its reading and writing on.
    private func listen(to side: OpaquePointer) {
        bufferevent_setcb(side, tunnelReadable, tunnelDrained, tunnelEvent, Unmanaged.passUnretained(self).toOpaque())
        bufferevent_set_timeouts(side, &idleTimeout, nil)
        bufferevent_enable(side, Int16(EV_READ | EV_WRITE))
    }

    /// Reads `side` again: its reader once joined, else its bufferevent.
    private func resumeReading(_ side: OpaquePointer) {
        if let reader = side == client ? clientReader : serverReader {
            reader.resume()
        } else {
            bufferevent_enable(side, Int16(EV_READ))
        }
    }

    /// Stops reading `side` until `resumeReading`.
    private func pauseReading(_ side: OpaquePointer) {
        bufferevent_disable(side, Int16(EV_READ))
        (side == client ? clientReader : serverReader)?.pause()
    }

    /// The other side of `side`; nil once the server's side is gone.
    private func partner(of side: OpaquePointer) -> OpaquePointer? {
        side == client ? server : client
    }

    fileprivate func moveInput(of side: OpaquePointer) {
        guard !closing, let partner = partner(of: side) else { return waitingForServer(side) }
        let input = bufferevent_get_input(side)
        let output = bufferevent_get_output(partner)
        let count = evbuffer_get_length(input)
        evbuffer_add_buffer(output, input)
        carried(count, from: side)
    }

    /// `count` bytes from `side` joined its partner's output: counted and written out at once (`writeOut`); when
    /// what is left holds `maxBuffered`, `side` is no longer read until the partner has written out half of it
    /// (`drained`).
    private func carried(_ count: Int, from side: OpaquePointer) {
        if side == client { traffic.fromClient += count } else { traffic.toClient += count }
        guard let partner = partner(of: side) else { return }
        writeOut(partner)
        guard evbuffer_get_length(bufferevent_get_output(partner)) >= Self.maxBuffered else { return }
        bufferevent_setwatermark(partner, Int16(EV_WRITE), Self.maxBuffered / 2, Self.maxBuffered)
        pauseReading(side)
    }

    /// Writes what waits in `side`'s output now, instead of on the loop's next turn, when its bufferevent would:
    /// a message crossing the tunnel then costs no wait for the socket to be writable, nor the two changes of the
    /// write event around it. What the socket does not take (or a failed write, which the bufferevent then meets
    /// and reports) is left to the bufferevent, whose writing is on only while something waits.
    private func writeOut(_ side: OpaquePointer) {
        let output = bufferevent_get_output(side)
        // A socket bufferevent keeps the start of its output frozen, so that only its own write drains it; this
        // write thaws it for the moment, as that write does.
        evbuffer_unfreeze(output, 1)
        let written = evbuffer_write(output, bufferevent_getfd(side))
        evbuffer_freeze(output, 1)
        if written >= 0, evbuffer_get_length(output) == 0 {
            bufferevent_disable(side, Int16(EV_WRITE))
        } else {
            bufferevent_enable(side, Int16(EV_WRITE))
        }
    }

    /// Before the join: the client's bytes wait in its input; the first is reported once (`firstByte`), and the client
    /// is not read further until the join.
    private func waitingForServer(_ side: OpaquePointer) {
        guard side == client, server == nil, !closing else { return }
        var first: UInt8 = 0
        guard evbuffer_copyout(bufferevent_get_input(client), &first, 1) == 1 else { return }
        bufferevent_disable(client, Int16(EV_READ))
        let heard = firstByte
        firstByte = nil
        heard?(first)
    }

    /// `side`'s output has drained below its write watermark: read its partner again; or, closing, finish once
    /// every output is out.
    fileprivate func drained(_ side: OpaquePointer) {
        if closing { return closeIfFlushed() }
        guard let partner = partner(of: side) else { return }
        bufferevent_setwatermark(side, Int16(EV_WRITE), 0, 0)
        resumeReading(partner)
    }

    /// One side closed, failed or sat idle: what it sent goes to the other, which then closes too, once that is out
    /// or after `flushWait` (a peer that no longer reads).
    fileprivate func event(_ side: OpaquePointer, _ what: Int16) {
        guard what & Int16(BEV_EVENT_EOF | BEV_EVENT_ERROR | BEV_EVENT_TIMEOUT) != 0 else { return }
        moveInput(of: side)
        if !closing { loop.schedule(after: Self.flushWait) { [self] in close() } }
        closing = true
        for end in [client, server].compactMap({ $0 }) {
            pauseReading(end)
            bufferevent_setwatermark(end, Int16(EV_WRITE), 0, 0)
        }
        if what & Int16(BEV_EVENT_EOF) == 0 {
            return close()
        }
        closeIfFlushed()
    }

    private func closeIfFlushed() {
        let waiting = [client, server].compactMap { $0 }.contains {
            evbuffer_get_length(bufferevent_get_output($0)) > 0
        }
        if !waiting { close() }
    }

    /// Frees both sides, on the next turn of the loop (outside the callback running now).
    fileprivate func close() {
        guard !closeScheduled else { return }
        closeScheduled = true
        loop.schedule(after: .zero) { [self] in
            // Unless the client's connection went meanwhile (the server stopping frees it).
            guard ended != nil else { return }
            freeServer()
            evhttp_connection_free(connection)
        }
    }

    private func freeServer() {
        clientReader = nil
        serverReader = nil
        guard let server else { return }
        self.server = nil
        bufferevent_free(server)
    }

    /// The client's connection is gone (freed here, by the client, or with the server): the tunnel is over.
    private func clientClosed() {
        firstByte = nil
        freeServer()
        let ended = self.ended
        self.ended = nil
        ended?(traffic)
    }
}

/// libevent calls these on the loop's thread for either side of a tunnel; `context` is the unretained tunnel, which
/// its client connection's record keeps until that connection is freed (which, with the server's side, clears them).
private func tunnelReadable(_ side: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let side, let context else { return }
    Unmanaged<Tunnel>.fromOpaque(context).takeUnretainedValue().moveInput(of: side)
}

private func tunnelDrained(_ side: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let side, let context else { return }
    Unmanaged<Tunnel>.fromOpaque(context).takeUnretainedValue().drained(side)
}

private func tunnelEvent(_ side: OpaquePointer?, _ what: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let side, let context else { return }
    Unmanaged<Tunnel>.fromOpaque(context).takeUnretainedValue().event(side, what)
}
