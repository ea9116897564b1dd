import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One port's HTTP server on one event loop: an evhttp that accepts the port's connections on the loop and hands their
/// requests to the port's handler. Each port a server listens on (its own, and those `HTTPServer.openPort` adds) has
/// one on each of the server's loops, each accepting from a descriptor of the port's socket of its own.
///
/// Ownership: it owns `http`, created in `init` and freed by `shutDown`; `http` owns the listener, and the listener
/// the descriptor it was given (`LEV_OPT_CLOSE_ON_FREE`). The loop keeps it in its table of ports until it is shut
/// down; evhttp's callbacks and the connection guard's records point at it unretained. Threads: the loop's thread,
/// or the creating thread before the loop runs.
final class PortListener {
    /// The handler of the port's requests on this loop.
    let handler: any HTTPHandler
    /// The port's number, which names the port among those the loop serves.
    let number: Int
    /// What the port's TLS handshakes say; nil for plain HTTP.
    let tls: TLSContext?
    /// Whether the port's requests were sent to other hosts through the proxy, so that each carries its host
    /// (`ServerRequest.proxyHost`).
    let carriesProxyHost: Bool
    /// The listener, for the guard to pause and resume; nil once shut down.
    private(set) var listener: OpaquePointer?
    private var http: OpaquePointer?
    private unowned let loop: EventLoop
    /// The guard of the loop's connections, on all its ports. Held apart from the loop, which shuts its ports down
    /// in its `deinit` when it never ran.
    unowned let connections: ConnectionGuard

    /// Serves the listening `socket` on `loop` with `handler`, under `limits`, over TLS with `tls` (plain HTTP when
    /// nil), its requests carrying their host when `carriesProxyHost`; takes the descriptor over, and closes it when
    /// it throws.
    init(
        socket: Int32,
        loop: EventLoop,
        limits: ServerLimits,
        tls: TLSContext?,
        carriesProxyHost: Bool = false,
        handler: any HTTPHandler
    ) throws(ServerError) {
        self.loop = loop
        connections = loop.connections
        self.tls = tls
        self.carriesProxyHost = carriesProxyHost
        self.handler = handler
        number = SocketAddress.boundPort(of: socket)
        guard let http = evhttp_new(loop.eventBase) else {
            close(socket)
            throw .libevent("evhttp_new failed")
        }
        evhttp_set_allowed_methods(http, HTTPMethodName.allLibeventMethods)
        evhttp_set_default_content_type(http, nil)
        evhttp_set_max_headers_size(http, limits.hardHeaderBytes)
        evhttp_set_max_body_size(http, limits.maxBodyBytes)
        evhttp_set_timeout(http, Int32(limits.idleTimeoutSeconds))
        // Backlog 0: the socket is listening already.
        let flags = UInt32(LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC)
        guard let listener = evconnlistener_new(loop.eventBase, nil, nil, flags, 0, socket) else {
            close(socket)
            evhttp_free(http)
            throw .libevent("evconnlistener_new failed")
        }
        guard evhttp_bind_listener(http, listener) != nil else {
            evconnlistener_free(listener)
            evhttp_free(http)
            throw .libevent("evhttp_bind_listener failed")
        }
        self.http = http
        self.listener = listener
        evhttp_set_gencb(http, requestCallback, Unmanaged.passUnretained(self).toOpaque())
        connections.guardPort(self, http: http)
    }

    /// Stops listening and closes the port's connections on this loop (their close callbacks run now), then frees its
    /// evhttp and socket descriptor. Call outside the port's own callbacks. Safe to call more than once.
    func shutDown() {
        guard let http else { return }
        connections.forgetPort(self)
        listener = nil
        self.http = nil
        evhttp_free(http)
        connections.portShutDown(self)
    }

    fileprivate func received(_ request: OpaquePointer) {
        loop.deliver(request, to: self)
    }
}

/// libevent calls this on the loop's thread for every complete request; `context` is the unretained port, which
/// outlives its evhttp. The request stays owned by evhttp, which frees it after the reply is sent.
private func requestCallback(_ request: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let request, let context else { return }
    Unmanaged<PortListener>.fromOpaque(context).takeUnretainedValue().received(request)
}
