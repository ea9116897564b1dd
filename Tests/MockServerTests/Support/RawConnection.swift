import Foundation
import ServerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection for sending what URLSession never would: malformed requests, huge heads, hang-ups.
///
/// Reads and large writes wait on a thread of their own (see `onOwnThread`), so a test waiting for the server holds
/// up no other test.
final class RawConnection: Sendable {
    private let socket: Int32

    /// The socket's file descriptor.
    var descriptor: Int32 { socket }

    /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds.
    init(port: Int, timeout: Int = 5) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        setReadTimeout(seconds: timeout)
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            // What the kernel said, so that a refused port and a client out of source ports read differently.
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
    }

    deinit { close(socket) }

    /// Makes each read give up after `seconds` without data.
    func setReadTimeout(seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends bytes; returns false when the peer has closed the connection. Up to `inlineSendLimit` bytes fit in the
    /// socket's buffers, so they are written at once, with no wait for a thread; more go on a thread of their own,
    /// since such a write waits while the server is slow to read.
    @discardableResult
    func send(_ bytes: [UInt8]) async -> Bool {
        guard bytes.count > Self.inlineSendLimit else { return sendNow(bytes) }
        return await onOwnThread { self.sendNow(bytes) }
    }

    /// The most bytes `send` writes on the calling thread: well under what a loopback socket's buffers hold.
    private static let inlineSendLimit = 16 * 1024

    @discardableResult
    func send(_ text: String) async -> Bool { await send(Array(text.utf8)) }

    /// Sends bytes on the calling thread, which waits while the socket's buffers are full: for code that already
    /// runs on a thread of its own.
    @discardableResult
    func sendNow(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    func sendNow(_ text: String) -> Bool { sendNow(Array(text.utf8)) }

    /// Reads until the peer closes or the read times out; returns what arrived.
    func readAll() async -> String {
        await readAllTimed().text
    }

    /// Reads until what arrived ends with `suffix`, the peer closes, or a read times out; returns what arrived.
    func readThrough(_ suffix: String) async -> String {
        await onOwnThread {
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while !received.reversed().starts(with: suffix.utf8.reversed()) {
                let count = chunk.withUnsafeMutableBytes { read(self.socket, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received += chunk[..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    /// Like `readAll`, and also returns when the read ended, on the reading thread's clock: a time free of the wait
    /// for the test's task to run again.
    func readAllTimed() async -> (text: String, ended: ContinuousClock.Instant) {
        await onOwnThread { (self.readAllNow(), ContinuousClock.now) }
    }

    /// Sends `line` every `interval` until a send fails because the server closed the connection, or `limit` passes;
    /// returns when the send failed, on the sending thread's clock, or nil.
    func drip(_ line: String, every interval: Duration, for limit: Duration) async -> ContinuousClock.Instant? {
        await onOwnThread {
            let started = ContinuousClock.now
            while ContinuousClock.now - started < limit {
                Thread.sleep(forTimeInterval: Double(interval / .milliseconds(1)) / 1000)
                if !self.sendNow(line) { return ContinuousClock.now }
            }
            return nil
        }
    }

    /// Reads once: what has arrived, waiting up to the read timeout for the first byte.
    func readAvailable() async -> String {
        await onOwnThread { self.readAvailableNow() }
    }

    /// Reads until the peer closes or fails; returns the errno of the failure (0 for a clean close).
    func readError() async -> Int32 {
        await onOwnThread { self.readErrorNow() }
    }

    private func readAllNow() -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The most bytes one read takes.
    static let readChunk = 65_536

    private func readAvailableNow() -> String {
        String(decoding: readBytesNow(), as: UTF8.self)
    }

    /// Reads once: the bytes that have arrived, waiting up to the read timeout for the first; none when the peer
    /// has closed or nothing came.
    func readBytes() async -> [UInt8] {
        await onOwnThread { self.readBytesNow() }
    }

    private func readBytesNow() -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: Self.readChunk)
        let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
        return Array(chunk.prefix(max(0, count)))
    }

    private func readErrorNow() -> Int32 {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count == 0 { return 0 }
            if count < 0 { return errno }
        }
    }

    /// Closes the connection now (a client hanging up).
    func hangUp() {
        shutdown(socket, Int32(SHUT_RDWR))
    }
}
