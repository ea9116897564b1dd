import Foundation
import NetworkCore
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One TCP connection of ``SocketTransport``, used by one thread from `connect` to `close`, with blocking
/// semantics built on a non-blocking socket and `poll`, so that every wait ends at the deadline. `cancel` may come
/// from any thread: it shuts the socket down, which wakes the waiting `poll`.
///
/// The descriptor and the cancelled flag are shared under a lock; the socket calls themselves run on the one thread
/// that owns the connection.
final class SocketConnection: Sendable {
    /// What `cancel` shares with the owning thread.
    private struct State {
        var descriptor: Int32 = -1
        var cancelled = false
        var deadline: ContinuousClock.Instant
    }

    private let state: Locked<State>

    init(deadline: ContinuousClock.Instant) {
        state = Locked(State(deadline: deadline))
    }

    /// Moves the deadline every later wait ends at (a streamed body has a bound of its own, from its head on).
    func setDeadline(_ deadline: ContinuousClock.Instant) {
        state.withLock { $0.deadline = deadline }
    }

    /// Resolves the host and connects to the first address that accepts.
    func connect(to endpoint: SocketEndpoint) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            throw TransportError.cannotConnect(underlying: SocketError("cannot resolve \(endpoint.host): \(reason)"))
        }
        defer { freeaddrinfo(first) }
        var lastError = SocketError("no address for \(endpoint.host)")
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let socket = Self.openSocket(family: address.pointee.ai_family, type: address.pointee.ai_socktype)
            guard socket >= 0 else {
                lastError = SocketError(operation: "socket")
                continue
            }
            guard adopt(socket) else { throw TransportError.cancelled }
            if systemConnect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                try wait(for: Int16(POLLOUT))
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                if error == 0 { return }
                lastError = SocketError(operation: "connect to \(endpoint.host):\(endpoint.port)", code: error)
            } else {
                lastError = SocketError(operation: "connect to \(endpoint.host):\(endpoint.port)")
            }
            close()
        }
        throw TransportError.cannotConnect(underlying: lastError)
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            try wait(for: Int16(POLLOUT))
            let count = bytes[sent...].withUnsafeBytes { Self.send(currentDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                throw failure(SocketError(operation: "write"))
            }
            sent += count
        }
    }

    /// The next bytes that arrive; empty when the server has closed the connection.
    func read() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            try wait(for: Int16(POLLIN))
            let count = buffer.withUnsafeMutableBytes { recv(currentDescriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                throw failure(SocketError(operation: "read"))
            }
            return Array(buffer[..<count])
        }
    }

    /// Wakes a waiting call, which then throws `TransportError.cancelled`. Any thread.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.descriptor >= 0 { shutdown(state.descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes the socket. The owning thread.
    func close() {
        state.withLock { state in
            if state.descriptor >= 0 { _ = systemClose(state.descriptor) }
            state.descriptor = -1
        }
    }

    private var currentDescriptor: Int32 { state.withLock { $0.descriptor } }

    /// Takes `socket` as the connection's; false (and the socket closed) when the request is already cancelled.
    private func adopt(_ socket: Int32) -> Bool {
        state.withLock { state in
            guard !state.cancelled else {
                _ = systemClose(socket)
                return false
            }
            state.descriptor = socket
            return true
        }
    }

    /// Waits until the socket is ready for `events`, or throws at the deadline or on cancellation.
    private func wait(for events: Int16) throws {
        while true {
            if state.withLock({ $0.cancelled }) { throw TransportError.cancelled }
            let left = state.withLock { $0.deadline } - ContinuousClock.now
            guard left > .zero else { throw TransportError.timedOut }
            let milliseconds = Int32(min(left / .milliseconds(1), 1000).rounded(.up))
            var entry = pollfd(fd: currentDescriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw failure(SocketError(operation: "poll")) }
        }
    }

    /// The error to throw for a failed socket call: cancellation if the socket was shut down for it.
    private func failure(_ error: SocketError) -> TransportError {
        state.withLock { $0.cancelled } ? .cancelled : .connectionLost(underlying: error)
    }

    private static func openSocket(family: Int32, type: Int32) -> Int32 {
        let socket = systemSocket(family, type, 0)
        guard socket >= 0 else { return -1 }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return socket
    }

    private static func send(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(socket, bytes, count, 0)
        #endif
    }
}

// The system calls whose names the connection's own methods take.
#if canImport(Glibc)
private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    Glibc.connect(socket, address, length)
}
private func systemClose(_ socket: Int32) -> Int32 { Glibc.close(socket) }
private func systemSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 { Glibc.socket(family, type, proto) }
#else
private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    Darwin.connect(socket, address, length)
}
private func systemClose(_ socket: Int32) -> Int32 { Darwin.close(socket) }
private func systemSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
    Darwin.socket(family, type, proto)
}
#endif

/// A socket call that failed, with its `errno` explained.
struct SocketError: Error, CustomStringConvertible, LocalizedError {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    init(operation: String, code: Int32 = errno) {
        description = "\(operation) failed: \(String(cString: strerror(code)))"
    }

    var errorDescription: String? { description }
}
