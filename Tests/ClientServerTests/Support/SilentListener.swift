import Foundation
import ServerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket on 127.0.0.1 that accepts connections (through the kernel's backlog) but never answers, so that a
/// request to it hangs until the client gives up or is cancelled.
final class SilentListener {
    let port: Int
    private let descriptor: Int32

    init() throws {
        (descriptor, port) = try listenOnLoopback()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    deinit {
        close(descriptor)
    }
}
