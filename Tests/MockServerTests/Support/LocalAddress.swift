#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 address of this machine that is not loopback, if it has one: to reach a server as a remote client would.
func nonLoopbackIPv4Address() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return nil }
    defer { freeifaddrs(list) }
    var entry = list
    while let current = entry {
        defer { entry = current.pointee.ifa_next }
        guard let address = current.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
            var raw = ipv4.pointee.sin_addr
            return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
        }
        let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if found, !string.hasPrefix("127.") { return string }
    }
    return nil
}
