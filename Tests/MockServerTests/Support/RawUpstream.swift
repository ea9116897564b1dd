import Foundation
import ServerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on a free port that answers every request with bytes written by hand, by path: for what a
/// StandIn upstream never sends (gzip, chunked transfer encoding). One connection at a time, closed after the
/// answer.
final class RawUpstream: @unchecked Sendable {
    // @unchecked Sendable: `descriptor` and `responses` are set in init and never change; the thread only reads them.
    let port: Int
    private let descriptor: Int32
    private let responses: [String: [UInt8]]
    private let finished = DispatchSemaphore(value: 0)

    /// Listens; `responses` maps a request path to the complete response bytes (head and body).
    init(responses: [String: [UInt8]]) throws {
        let (descriptor, port) = try listenOnLoopback()
        self.descriptor = descriptor
        self.responses = responses
        self.port = port
        Thread { [self] in serve() }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Stops accepting and waits for the serving thread to end.
    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        finished.wait()
        close(descriptor)
    }

    private func serve() {
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { break }
            answer(connection)
            close(connection)
        }
        finished.signal()
    }

    private func answer(_ connection: Int32) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while received.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            received += chunk[..<count]
        }
        let requestLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let path = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let response = responses[path] ?? Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8)
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
