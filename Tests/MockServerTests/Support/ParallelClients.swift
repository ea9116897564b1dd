import Foundation
import ServerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Many raw HTTP clients at once, driven by one `poll` loop: for load that URLSession's per-host connection limit
/// would serialize.
enum ParallelClients {
    #if canImport(Glibc)
    private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceNoFile = RLIMIT_NOFILE
    #endif

    /// Lets this process open `count` more sockets than the default soft limit allows.
    static func raiseFileLimit(to count: Int) {
        var limit = rlimit()
        getrlimit(resourceNoFile, &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, rlim_t(count)))
        setrlimit(resourceNoFile, &limit)
    }

    /// Sends `request` on `count` connections at once and returns, per connection, the time until the server
    /// closed it or the first response bytes arrived, and those bytes. Waits on a thread of its own.
    static func send(
        _ request: String,
        count: Int,
        port: Int,
        timeout: Duration = .seconds(60)
    ) async throws -> [(elapsed: Duration, response: String)] {
        try await onOwnThread { try sendNow(request, count: count, port: port, timeout: timeout) }
    }

    private static func sendNow(
        _ request: String,
        count: Int,
        port: Int,
        timeout: Duration
    ) throws -> [(elapsed: Duration, response: String)] {
        raiseFileLimit(to: count * 2 + 256)
        let clock = ContinuousClock()
        let started = clock.now
        var connections = try (0..<count).map { _ in try RawConnection(port: port) }
        for connection in connections { connection.sendNow(request) }
        var results = [(elapsed: Duration, response: String)?](repeating: nil, count: count)
        var descriptors = connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        var open = count
        while open > 0, clock.now - started < timeout {
            guard poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents != 0 && results[index] == nil {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let received = buffer.withUnsafeMutableBytes {
                    recv(descriptors[index].fd, $0.baseAddress, $0.count, 0)
                }
                results[index] = (clock.now - started, String(decoding: buffer.prefix(max(0, received)), as: UTF8.self))
                descriptors[index].fd = -1
                open -= 1
            }
        }
        connections.removeAll()
        return results.map { $0 ?? (timeout, "") }
    }
}
