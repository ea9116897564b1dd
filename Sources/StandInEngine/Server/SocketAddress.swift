import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address resolved from a host name or literal.
struct SocketAddress {
    private var storage = sockaddr_storage()
    private let length: socklen_t

    /// Resolves `host` (`127.0.0.1`, `::1`, `0.0.0.0`, `localhost`) with `port` for a listening socket.
    init(host: String, port: Int) throws(ServerError) {
        guard (0...65_535).contains(port) else {
            throw .cannotBind(host: host, port: port, reason: "the port must be within 0...65535")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Self.streamType
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw .cannotBind(
                host: host,
                port: port,
                reason: "the host cannot be resolved (\(String(cString: gai_strerror(status))))"
            )
        }
        defer { freeaddrinfo(results) }
        length = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { destination in
            destination.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(length)))
        }
    }

    /// `SOCK_STREAM`, as `socket` and `getaddrinfo` take it.
    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    static let streamType = SOCK_STREAM
    #endif

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    func withSockAddr<Result>(_ body: (UnsafePointer<sockaddr>, Int32) -> Result) -> Result {
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), Int32(length))
        }
    }

    /// The local port a listening socket is bound to.
    static func boundPort(of socket: Int32) -> Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard status == 0 else { return 0 }
        return withUnsafeBytes(of: address) { raw in
            switch Int32(address.ss_family) {
            case AF_INET6: Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            default: Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
            }
        }
    }
}
