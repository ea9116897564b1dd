import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the listening sockets of a port: one socket bound to `host:port`, and a duplicate descriptor of it for each
/// further loop that accepts its connections.
///
/// Bound without SO_REUSEPORT, so that a port another process holds is an error (`address in use`) and no other
/// process can join the port while the server holds it; with SO_REUSEADDR, so that a port closed a moment ago can be
/// bound again. Non-blocking and closed on exec. Ownership: the caller owns every descriptor returned; each is usually
/// handed to a `PortListener` at once, which closes it.
enum ListeningSocket {
    /// Listens on `host:port` (port 0 picks a free one) and returns `count` descriptors of the socket: the socket
    /// and `count - 1` duplicates. With `noDelay`, the connections it accepts send without Nagle's delay (they inherit
    /// `TCP_NODELAY`): a TLS reply larger than a record, or streamed, leaves in several records, and the second would
    /// otherwise wait for the client's delayed acknowledgement of the first, 40 ms on Linux.
    static func open(
        host: String,
        port: Int,
        backlog: Int32,
        count: Int,
        noDelay: Bool = false
    ) throws(ServerError) -> [Int32] {
        let address = try SocketAddress(host: host, port: port)
        let descriptor = address.withSockAddr { pointer, _ in
            socket(Int32(pointer.pointee.sa_family), SocketAddress.streamType, 0)
        }
        guard descriptor >= 0 else { throw .cannotListen(host: host, port: port, errorNumber: errno) }
        let listening = address.withSockAddr { pointer, length in
            evutil_make_listen_socket_reuseable(descriptor) == 0
                && evutil_make_socket_nonblocking(descriptor) == 0
                && evutil_make_socket_closeonexec(descriptor) == 0
                && bind(descriptor, pointer, socklen_t(length)) == 0
                && listen(descriptor, backlog) == 0
        }
        guard listening else {
            let failure = errno
            close(descriptor)
            throw .cannotListen(host: host, port: port, errorNumber: failure)
        }
        if noDelay {
            var on: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        var sockets = [descriptor]
        while sockets.count < count {
            let duplicate = dup(descriptor)
            guard duplicate >= 0 else {
                let failure = String(cString: strerror(errno))
                for descriptor in sockets { close(descriptor) }
                throw .libevent("dup of the listening socket failed: \(failure)")
            }
            sockets.append(duplicate)
        }
        return sockets
    }
}
