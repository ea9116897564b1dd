import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one side of a tunnel straight into the other side's output buffer, up to `readSize` bytes a `readv`. A
/// bufferevent of libevent 2.1 reads at most 4 KB a call (`EVBUFFER_MAX_READ`) and asks `FIONREAD` before each, so a
/// tunnel carrying a download made two system calls per 4 KB; this makes one per 64 KB. The bufferevents keep the
/// writing, so what is read is written out (and its backpressure seen) the way it was.
///
/// Ownership: the reader owns its event, freed with it; `socket` and `destination` belong to the tunnel's two
/// bufferevents, which must outlive the reader (the tunnel drops its readers before it frees either). Threads: the
/// loop's.
final class SocketReader {
    /// What one turn of the reader found.
    enum Outcome {
        /// `count` bytes moved into the destination.
        case read(count: Int)
        /// The peer closed its sending side.
        case ended
        /// The socket failed.
        case failed
        /// Nothing arrived for the idle timeout.
        case idle
    }

    /// The most bytes one `readv` asks for.
    static let readSize = 64 * 1024

    private var event: OpaquePointer?
    private let socket: Int32
    private let destination: OpaquePointer
    private var idleTimeout: timeval
    private let heard: (Outcome) -> Void

    /// A reader of `socket` into `destination` on `base`'s loop, not reading until `resume`; `heard` hears every
    /// read, the end, a failure and an idle timeout. Nil when libevent cannot make the event.
    init?(
        socket: Int32,
        into destination: OpaquePointer,
        idleTimeout: timeval,
        on base: OpaquePointer,
        heard: @escaping (Outcome) -> Void
    ) {
        self.socket = socket
        self.destination = destination
        self.idleTimeout = idleTimeout
        self.heard = heard
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let event = event_new(base, socket, Int16(EV_READ | EV_PERSIST), socketReadable, context) else {
            return nil
        }
        self.event = event
    }

    deinit {
        if let event { event_free(event) }
    }

    /// Reads whenever the socket is readable, with the idle timeout counted from the last read.
    func resume() {
        event_add(event, &idleTimeout)
    }

    /// Stops reading (and the idle timeout) until `resume`.
    func pause() {
        event_del(event)
    }

    fileprivate func readable(_ what: Int16) {
        guard what & Int16(EV_READ) != 0 else { return heard(.idle) }
        // On Unix libevent's `evbuffer_iovec` is `iovec`: the reserved extents go to `readv` as they are.
        var reserved = (iovec(), iovec())
        let outcome = withUnsafeMutableBytes(of: &reserved) { raw -> Outcome? in
            let extents = raw.bindMemory(to: iovec.self)
            let count = evbuffer_reserve_space(destination, Self.readSize, extents.baseAddress, 2)
            guard count > 0 else { return .failed }
            let length = readv(socket, extents.baseAddress, count)
            if length > 0 {
                // The extents shrink to what the read filled.
                var left = length
                for index in 0..<Int(count) {
                    extents[index].iov_len = min(extents[index].iov_len, left)
                    left -= extents[index].iov_len
                }
                evbuffer_commit_space(destination, extents.baseAddress, extents[1].iov_len > 0 ? 2 : 1)
                return .read(count: length)
            }
            if length == 0 { return .ended }
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? nil : .failed
        }
        if let outcome { heard(outcome) }
    }
}

/// libevent calls this on the loop's thread; `context` is the unretained reader, which frees the event before it
/// goes.
private func socketReadable(_ socket: Int32, _ what: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<SocketReader>.fromOpaque(context).takeUnretainedValue().readable(what)
}
