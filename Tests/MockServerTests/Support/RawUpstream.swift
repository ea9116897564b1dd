import Foundation
import ServerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on a free port that answers every request with bytes written by hand, by path: for what a
/// StandIn upstream never sends (gzip, chunked transfer encoding, a status HTTP does not have). Each connection is
/// answered on a thread of its own and closed after the answer; an answer can be held part way (`held`).
final class RawUpstream: @unchecked Sendable {
    // @unchecked Sendable: `descriptor`, `responses` and `held` are set in init and never change; the threads only
    // read them, and `release` is a semaphore.
    let port: Int
    private let descriptor: Int32
    private let responses: [String: [UInt8]]
    private let held: [String: Int]
    private let released = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Listens; `responses` maps a request path to the complete response bytes (head and body). The answer to a path
    /// in `held` stops after that many bytes until `release()` (one held answer per call).
    init(responses: [String: [UInt8]], held: [String: Int] = [:]) throws {
        let (descriptor, port) = try listenOnLoopback()
        self.descriptor = descriptor
        self.responses = responses
        self.held = held
        self.port = port
        Thread { [self] in serve() }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Lets one held answer go on.
    func release() {
        released.signal()
    }

    /// Stops accepting and waits for the accepting thread to end.
    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        finished.wait()
        close(descriptor)
    }

    private func serve() {
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { break }
            Thread { [self] in
                answer(connection)
                close(connection)
            }.start()
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
        let holdAt = held[path].map { min($0, response.count) } ?? response.count
        guard send(response[..<holdAt], on: connection) else { return }
        if holdAt < response.count {
            released.wait()
            send(response[holdAt...], on: connection)
        }
    }

    @discardableResult
    private func send(_ bytes: ArraySlice<UInt8>, on connection: Int32) -> Bool {
        var sent = bytes.startIndex
        while sent < bytes.endIndex {
            let count = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
