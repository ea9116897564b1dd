import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 on a free port, for test servers written by hand; the caller closes it.
public func listenOnLoopback(backlog: Int32 = 16) throws -> (descriptor: Int32, port: Int) {
    try bindLoopback(listeningWith: backlog)
}

/// A TCP socket bound to a free port on 127.0.0.1 that does not listen: while it is open, a connection to the port is
/// refused and no other socket can take the port (a port closed after use may be taken by a server of another test
/// running in parallel). The caller closes it.
public func refusingLoopbackPort() throws -> (descriptor: Int32, port: Int) {
    try bindLoopback(listeningWith: nil)
}

/// A TCP socket bound to `port` on 127.0.0.1 that does not listen, to find out whether the port is free and hold it
/// meanwhile; throws when something holds it. The caller closes it.
public func bindLoopbackPort(_ port: Int) throws -> Int32 {
    try bindLoopback(port: port, listeningWith: nil).descriptor
}

private func bindLoopback(port: Int = 0, listeningWith backlog: Int32?) throws -> (descriptor: Int32, port: Int) {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(descriptor, socketAddress, length) == 0 && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
                && getsockname(descriptor, socketAddress, &length) == 0
        }
    }
    guard bound else {
        close(descriptor)
        throw POSIXError(.EADDRNOTAVAIL)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}
