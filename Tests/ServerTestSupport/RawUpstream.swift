import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on a free port that answers every request with bytes written by hand, by path: for what a
/// StandIn upstream never sends (gzip, chunked transfer encoding, a body that trickles or never ends). One connection
/// at a time, closed after the answer.
public final class RawUpstream: @unchecked Sendable {
    // @unchecked Sendable: `descriptor`, `responses` and `streams` are set in init and never change; the thread only
    // reads them. `connection` is shared with `stop` under `lock`.

    /// An answer whose body does not end: `head`, then `piece` again and again, `pause` apart, until the client
    /// leaves.
    public struct Stream: Sendable {
        let head: [UInt8]
        let piece: [UInt8]
        let pause: Duration

        /// `head` is the status line and header lines, without the empty line that ends them.
        public init(head: String, piece: [UInt8], pause: Duration = .zero) {
            self.head = Array((head + "\r\n\r\n").utf8)
            self.piece = piece
            self.pause = pause
        }
    }

    public let port: Int
    private let descriptor: Int32
    private let responses: [String: [UInt8]]
    private let streams: [String: Stream]
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    /// The connection being answered, or -1.
    private var connection: Int32 = -1
    private var isStopping = false

    /// Listens; `responses` maps a request path to the complete response bytes (head and body), `streams` to an
    /// answer that never ends.
    public init(responses: [String: [UInt8]], streams: [String: Stream] = [:]) throws {
        let (descriptor, port) = try listenOnLoopback()
        self.descriptor = descriptor
        self.responses = responses
        self.streams = streams
        self.port = port
        Thread { [self] in serve() }.start()
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Stops accepting, breaks off the answer being written (a stream's included), and waits for the serving thread
    /// to end.
    public func stop() {
        lock.withLock {
            isStopping = true
            if connection >= 0 { shutdown(connection, Int32(SHUT_RDWR)) }
        }
        shutdown(descriptor, Int32(SHUT_RDWR))
        finished.wait()
        close(descriptor)
    }

    private func serve() {
        while true {
            let accepted = accept(descriptor, nil, nil)
            guard accepted >= 0 else { break }
            let isTaken = lock.withLock {
                if !isStopping { connection = accepted }
                return !isStopping
            }
            guard isTaken else {
                close(accepted)
                break
            }
            answer(accepted)
            lock.withLock { connection = -1 }
            close(accepted)
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
        if let stream = streams[path] {
            guard Self.write(stream.head, to: connection) else { return }
            let (seconds, attoseconds) = stream.pause.components
            let pause = TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
            while Self.write(stream.piece, to: connection) {
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
            return
        }
        let response = responses[path] ?? Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8)
        _ = Self.write(response, to: connection)
    }

    /// Writes all of `bytes`; false once the client has gone (without the SIGPIPE that would end the tests).
    private static func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                var on: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
                return send(connection, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
