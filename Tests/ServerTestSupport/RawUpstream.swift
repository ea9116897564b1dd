import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on a free port that answers every request with bytes written by hand, by path: for what a
/// StandIn upstream never sends (gzip, chunked transfer encoding, a status HTTP does not have, a body that trickles or
/// never ends). Each connection is answered on a thread of its own and closed after the answer; an answer can be
/// held part way (`held`) until the test lets it go on.
public final class RawUpstream: @unchecked Sendable {
    // @unchecked Sendable: `descriptor`, `responses`, `streams`, `scripts` and `held` are set in init and never change; the
    // threads only read them. `open`, `releases` and `isStopping` are shared with `stop` and `release` under
    // `condition`.

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

    /// An answer written step by step: for a stream whose pieces come apart in time, and wait on the test.
    public struct Script: Sendable {
        /// One step of an answer.
        public enum Step: Sendable {
            /// Writes the bytes once `after` has passed since the previous write (at once when it already has).
            case write([UInt8], after: Duration)
            /// Waits for a `release()` no other held answer took.
            case awaitRelease
        }

        let steps: [Step]

        public init(_ steps: [Step]) {
            self.steps = steps
        }
    }

    public let port: Int
    private let descriptor: Int32
    private let responses: [String: [UInt8]]
    private let streams: [String: Stream]
    private let scripts: [String: Script]
    private let held: [String: Int]
    private let finished = DispatchSemaphore(value: 0)
    private let answering = DispatchGroup()
    private let condition = NSCondition()
    /// The connections being answered.
    private var open: Set<Int32> = []
    /// Calls to `release` no held answer has taken yet.
    private var releases = 0
    private var isStopping = false

    /// Listens; `responses` maps a request path to the complete response bytes (head and body), `streams` to an
    /// answer that never ends, `scripts` to one written step by step (the connection closes after the last step).
    /// The answer to a path in `held` stops after that many bytes until `release()` (one held answer per call).
    public init(
        responses: [String: [UInt8]],
        streams: [String: Stream] = [:],
        scripts: [String: Script] = [:],
        held: [String: Int] = [:]
    ) throws {
        let (descriptor, port) = try listenOnLoopback()
        self.descriptor = descriptor
        self.responses = responses
        self.streams = streams
        self.scripts = scripts
        self.held = held
        self.port = port
        Thread { [self] in serve() }.start()
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Lets one held answer go on.
    public func release() {
        condition.withLock {
            releases += 1
            condition.broadcast()
        }
    }

    /// Stops accepting, breaks off the answers being written (held ones and streams included), and waits for every
    /// thread to end.
    public func stop() {
        condition.withLock {
            isStopping = true
            for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
            condition.broadcast()
        }
        shutdown(descriptor, Int32(SHUT_RDWR))
        finished.wait()
        answering.wait()
        close(descriptor)
    }

    private func serve() {
        while true {
            let accepted = accept(descriptor, nil, nil)
            guard accepted >= 0 else { break }
            let isTaken = condition.withLock {
                if !isStopping { open.insert(accepted) }
                return !isStopping
            }
            guard isTaken else {
                close(accepted)
                break
            }
            answering.enter()
            Thread { [self] in
                answer(accepted)
                condition.withLock { _ = open.remove(accepted) }
                close(accepted)
                answering.leave()
            }.start()
        }
        finished.signal()
    }

    /// Waits for a `release()` no other held answer took; false when the upstream stops first.
    private func waitForRelease() -> Bool {
        condition.withLock {
            while releases == 0, !isStopping { condition.wait() }
            guard !isStopping else { return false }
            releases -= 1
            return true
        }
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
            guard Self.write(stream.head[...], to: connection) else { return }
            let (seconds, attoseconds) = stream.pause.components
            let pause = TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
            while Self.write(stream.piece[...], to: connection) {
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
            return
        }
        if let script = scripts[path] { return play(script, on: connection) }
        let response = responses[path] ?? Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8)
        let holdAt = held[path].map { min($0, response.count) } ?? response.count
        guard Self.write(response[..<holdAt], to: connection) else { return }
        if holdAt < response.count, waitForRelease() { _ = Self.write(response[holdAt...], to: connection) }
    }

    /// Writes `script`'s steps in turn, until one fails or the upstream stops.
    private func play(_ script: Script, on connection: Int32) {
        var lastWrite = ContinuousClock.now
        for step in script.steps {
            switch step {
            case .write(let bytes, let after):
                let wait = lastWrite + after - ContinuousClock.now
                if wait > .zero { Thread.sleep(forTimeInterval: Double(wait / .microseconds(1)) / 1_000_000) }
                guard Self.write(bytes[...], to: connection) else { return }
                lastWrite = ContinuousClock.now
            case .awaitRelease:
                guard waitForRelease() else { return }
            }
        }
    }

    /// Writes all of `bytes`; false once the client has gone (without the SIGPIPE that would end the tests).
    private static func write(_ bytes: ArraySlice<UInt8>, to connection: Int32) -> Bool {
        var sent = bytes.startIndex
        while sent < bytes.endIndex {
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
