#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes the close of a connection's socket a TCP reset (RST, no FIN), for answers that are cut off.
enum SocketReset {
    /// Closes `socket` now with a zero linger time, which resets the connection, and puts `/dev/null` on its
    /// descriptor number: evhttp (or a bufferevent) shuts a connection down cleanly before closing it, and then
    /// shuts down and closes the placeholder harmlessly (libevent ignores the failed epoll removal of a non-socket).
    /// Threads: the thread of the socket's loop, right before the connection is freed.
    static func prepare(_ socket: Int32) {
        var noLinger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &noLinger, socklen_t(MemoryLayout<linger>.size))
        let placeholder = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let original = dup(socket)
        guard placeholder >= 0, original >= 0, dup2(placeholder, socket) >= 0 else {
            if placeholder >= 0 { close(placeholder) }
            if original >= 0 { close(original) }
            return
        }
        close(placeholder)
        close(original)
    }
}
