import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection the server opens to another host, on a loop: a bufferevent connecting to `host:port`, the name
/// resolved by the loop's asynchronous resolver (`EventLoop.resolver`), which hands it over once connected.
///
/// Ownership: this object owns the bufferevent until it hands it over (`connected` gets it, and owns it from then
/// on) or frees it on a failure; it keeps itself alive until then (`pending`), and libevent's callbacks hold an
/// unretained pointer to it. Threads: the loop's thread.
package final class OutboundConnection {
    /// How long connecting (the name's resolution included) may take.
    package static let timeoutSeconds = 10

    private var bufferEvent: OpaquePointer?
    private var connected: ((Result<OpaquePointer, OutboundFailure>) -> Void)?
    private let target: String
    /// This connection, until it has reported: what keeps it alive meanwhile.
    private var pending: OutboundConnection?

    /// Connects to `host`:`port` on `loop`; `connected` hears once: the connected bufferevent (callbacks cleared,
    /// reading and writing off), or why not.
    package static func open(
        host: String,
        port: Int,
        on loop: EventLoop,
        connected: @escaping (Result<OpaquePointer, OutboundFailure>) -> Void
    ) {
        OutboundConnection(host: host, port: port, connected: connected).connect(host: host, port: port, on: loop)
    }

    private init(host: String, port: Int, connected: @escaping (Result<OpaquePointer, OutboundFailure>) -> Void) {
        target = "\(host):\(port)"
        self.connected = connected
    }

    private func connect(host: String, port: Int, on loop: EventLoop) {
        pending = self
        guard let bufferEvent = bufferevent_socket_new(loop.eventBase, -1, Int32(BEV_OPT_CLOSE_ON_FREE.rawValue)) else {
            finish(.failure(OutboundFailure("libevent could not make a connection to \(target)")))
            return
        }
        self.bufferEvent = bufferEvent
        bufferevent_setcb(bufferEvent, nil, nil, outboundEvent, Unmanaged.passUnretained(self).toOpaque())
        var timeout = timeval(tv_sec: Self.timeoutSeconds, tv_usec: 0)
        bufferevent_set_timeouts(bufferEvent, &timeout, &timeout)
        if bufferevent_socket_connect_hostname(bufferEvent, loop.resolver, AF_UNSPEC, host, Int32(port)) != 0 {
            fail("cannot connect to \(target)")
        }
    }

    fileprivate func event(_ what: Int16) {
        guard let bufferEvent else { return }
        if what & Int16(BEV_EVENT_CONNECTED) != 0 {
            self.bufferEvent = nil
            bufferevent_setcb(bufferEvent, nil, nil, nil, nil)
            bufferevent_set_timeouts(bufferEvent, nil, nil)
            bufferevent_disable(bufferEvent, Int16(EV_READ | EV_WRITE))
            // A tunnel passes each piece on as it comes: none waits for the peer's delayed acknowledgement.
            var on: Int32 = 1
            setsockopt(
                bufferevent_getfd(bufferEvent),
                Int32(IPPROTO_TCP),
                TCP_NODELAY,
                &on,
                socklen_t(MemoryLayout<Int32>.size)
            )
            return finish(.success(bufferEvent))
        }
        if what & Int16(BEV_EVENT_TIMEOUT) != 0 {
            return fail("\(target) did not answer within \(Self.timeoutSeconds) s")
        }
        let dnsError = bufferevent_socket_get_dns_error(bufferEvent)
        if dnsError != 0 { return fail("cannot resolve \(target): \(String(cString: evutil_gai_strerror(dnsError)))") }
        fail("cannot connect to \(target): \(String(cString: strerror(errno)))")
    }

    private func fail(_ reason: String) {
        if let bufferEvent { bufferevent_free(bufferEvent) }
        bufferEvent = nil
        finish(.failure(OutboundFailure(reason)))
    }

    private func finish(_ result: Result<OpaquePointer, OutboundFailure>) {
        let connected = self.connected
        self.connected = nil
        connected?(result)
        pending = nil
    }
}

/// Why an outbound connection did not open: a sentence naming the host.
package struct OutboundFailure: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// libevent calls this on the loop's thread for a connecting bufferevent; `context` is the unretained connection,
/// which its caller holds until it has finished.
private func outboundEvent(_ bufferEvent: OpaquePointer?, _ what: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<OutboundConnection>.fromOpaque(context).takeUnretainedValue().event(what)
}
