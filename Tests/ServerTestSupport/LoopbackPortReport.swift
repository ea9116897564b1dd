import Foundation
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the machine says about a loopback port right after a test failed to connect to it, so that the failure tells
/// a server that stopped listening from a client that could not get a source port: whether a socket listens on the
/// port now, what a new connection to it gets, and how many TCP sockets are open and in TIME_WAIT. Linux reads
/// `/proc/net/tcp` and `tcp6`; elsewhere only the new connection is tried.
public struct LoopbackPortReport: CustomStringConvertible, Sendable {
    /// The port.
    public let port: Int
    /// Whether a socket listens on the port; nil where the kernel's table cannot be read.
    public let listening: Bool?
    /// What a new connection to the port got: nil when it connected, else its `errno`.
    public let connectError: Int32?
    /// TCP sockets of the machine in TIME_WAIT, and in any state; nil where the kernel's table cannot be read.
    public let timeWait: Int?
    public let sockets: Int?

    /// Looks at `port` now.
    public init(port: Int) {
        self.port = port
        connectError = Self.connectError(port: port)
        let table = Self.kernelTable()
        listening = table.map { $0.contains { $0.localPort == port && $0.state == Self.listenState } }
        timeWait = table.map { $0.filter { $0.state == Self.timeWaitState }.count }
        sockets = table?.count
    }

    public var description: String {
        var parts: [String] = []
        switch listening {
        case true?: parts.append("a socket listens on port \(port)")
        case false?: parts.append("nothing listens on port \(port)")
        case nil: break
        }
        if let connectError {
            parts.append("a new connection gets \(String(cString: strerror(connectError)))")
        } else {
            parts.append("a new connection succeeds")
        }
        if let timeWait, let sockets { parts.append("\(sockets) TCP sockets open, \(timeWait) in TIME_WAIT") }
        return parts.joined(separator: "; ")
    }

    private static let listenState = 0x0A
    private static let timeWaitState = 0x06

    private static func connectError(port: Int) -> Int32? {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return status == 0 ? nil : errno
    }

    /// Whether the kernel's socket table and this process's descriptor table can be read here (Linux), for
    /// `listenerInode`, `ownListenerInode` and `socketIsOpen`.
    public static let canReadSocketTable = FileManager.default.fileExists(atPath: "/proc/net/tcp")

    /// The inode of the socket listening on `port` now, in any process: it names that socket and no other, where a
    /// port number can be taken by another test's server the moment it is free. Nil when nothing listens there, or
    /// off Linux. Reads the machine's whole socket table, which thousands of sockets in TIME_WAIT make megabytes long:
    /// call it on a thread of its own (`onOwnThread`), and prefer `ownListenerInode` for this process's sockets.
    public static func listenerInode(port: Int) -> Int? {
        kernelTable()?.first { $0.localPort == port && $0.state == listenState }?.inode
    }

    /// The inode of the socket of this process that listens on `port` now (see `listenerInode`); nil when none does,
    /// or off Linux. Asks each of this process's sockets, a handful, instead of reading the machine's socket table.
    public static func ownListenerInode(port: Int) -> Int? {
        var found: Int?
        forEachDescriptor { descriptor in
            guard found == nil, isListener(descriptor, on: port) else { return }
            var status = stat()
            if fstat(descriptor, &status) == 0 { found = Int(status.st_ino) }
        }
        return found
    }

    /// Whether this process still holds the socket with `inode` (by any descriptor); false off Linux. Reads the
    /// process's descriptor table, which stays small, not the machine's socket table, which thousands of sockets in
    /// TIME_WAIT can make megabytes long.
    public static func socketIsOpen(inode: Int) -> Bool {
        var open = false
        forEachDescriptor { descriptor in
            var status = stat()
            if !open, fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK,
                Int(status.st_ino) == inode
            {
                open = true
            }
        }
        return open
    }

    /// Calls `body` with each descriptor this process has open (read from `/proc/self/fd`; none off Linux). Another
    /// thread may close a descriptor, or open another under its number, while `body` looks at it: callers only read.
    private static func forEachDescriptor(_ body: (Int32) -> Void) {
        guard let directory = opendir("/proc/self/fd") else { return }
        let own = dirfd(directory)
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = directoryEntryName(entry)
            if let descriptor = Int32(name), descriptor != own { body(descriptor) }
        }
    }

    /// Whether `descriptor` is a socket that listens, on IPv4 or IPv6, on `port`.
    private static func isListener(_ descriptor: Int32, on port: Int) -> Bool {
        var accepts: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepts, &length) == 0, accepts == 1 else {
            return false
        }
        var address = sockaddr_storage()
        var addressLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        guard named == 0 else { return false }
        return withUnsafePointer(to: &address) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port)) == port
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port)) == port
                }
            default:
                false
            }
        }
    }

    /// The local port, state and inode of every TCP socket, from `/proc/net/tcp` and `tcp6`; nil where they cannot be
    /// read.
    private static func kernelTable() -> [(localPort: Int, state: Int, inode: Int)]? {
        let tables = ["/proc/net/tcp", "/proc/net/tcp6"].compactMap(readWhole)
        guard !tables.isEmpty else { return nil }
        return tables.flatMap { table in
            table.split(separator: UInt8(ascii: "\n")).dropFirst().compactMap(socketLine)
        }
    }

    /// One line of the kernel's table: "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid
    /// timeout inode …", addresses as HEXADDRESS:HEXPORT.
    private static func socketLine(_ line: ArraySlice<UInt8>) -> (localPort: Int, state: Int, inode: Int)? {
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.count > 9, let colon = fields[1].lastIndex(of: UInt8(ascii: ":")),
            let port = number(fields[1][(colon + 1)...], radix: 16), let state = number(fields[3], radix: 16),
            let inode = number(fields[9], radix: 10)
        else { return nil }
        return (port, state, inode)
    }

    private static func number(_ digits: ArraySlice<UInt8>, radix: Int) -> Int? {
        Int(String(decoding: digits, as: UTF8.self), radix: radix)
    }
}

/// The whole of a file the kernel makes as it is read, which reports no size (Foundation's readers stop after the
/// first page of it); nil when it cannot be opened.
private func readWhole(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += chunk[..<count]
    }
    return bytes
}

/// A connection to a test's server that failed, with what the machine said about the port at that moment.
public struct ConnectFailure: Error, CustomStringConvertible {
    /// The error the client reported.
    public let underlying: any Error
    /// The port, looked at right after.
    public let report: LoopbackPortReport

    public init(underlying: any Error, port: Int) {
        self.underlying = underlying
        report = LoopbackPortReport(port: port)
    }

    public var description: String { "could not connect to 127.0.0.1:\(report.port) (\(underlying)); then: \(report)" }
}
