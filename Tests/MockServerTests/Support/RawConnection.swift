import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection for sending what URLSession never would: malformed requests, huge heads, hang-ups.
final class RawConnection {
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
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(socket) }

    /// Sends bytes; returns false when the peer has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads until the peer closes or the read times out; returns what arrived.
    func readAll() -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads once: what has arrived, waiting up to the read timeout for the first byte.
    func readAvailable() -> String {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
        return String(decoding: chunk.prefix(max(0, count)), as: UTF8.self)
    }

    /// Reads until the peer closes or fails; returns the errno of the failure (0 for a clean close).
    func readError() -> Int32 {
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
