import Foundation
import ServerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client of `GET /__standin/events` over a raw socket, which reads the `text/event-stream` chunks as they come.
struct EventStreamClient {
    let connection: RawConnection
    /// The response head and everything read so far.
    private(set) var received = ""

    /// Connects to `port` and asks for the stream with `headers` (a `Host` is always sent).
    init(port: Int, headers: [String: String] = [:]) throws {
        connection = try RawConnection(port: port, timeout: 2)
        let lines =
            ["GET /__standin/events HTTP/1.1"]
            + (headers["Host"] == nil ? ["Host: 127.0.0.1:\(port)"] : [])
            + headers.map { "\($0.key): \($0.value)" }
        connection.sendNow(lines.joined(separator: "\r\n") + "\r\n\r\n")
    }

    /// Reads until `done` holds for what was received, the server closes, or `seconds` pass; returns whether
    /// `done` held.
    @discardableResult
    mutating func read(upTo seconds: Double = 60, until done: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var lookNow = true
        while !lookNow || !done(received) {
            guard ContinuousClock.now < deadline else { return done(received) }
            let piece = await connection.readAvailable()
            if piece.isEmpty, connection.isClosed { return done(received) }
            received += piece
            // A full read means more is waiting: `done` may parse everything received, so it looks once the stream
            // has been read up to now, and a burst is drained before the server's buffer for this stream fills.
            lookNow = piece.utf8.count < RawConnection.readChunk
        }
        return true
    }

    /// Reads until the stream's `ready` event has arrived: from then on, every request is an event.
    mutating func readReady() async -> Bool {
        await read { $0.contains("event: ready\n") }
    }

    /// The status of the response, once its head has arrived.
    var status: Int? {
        guard received.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(received.dropFirst("HTTP/1.1 ".count).prefix(3))
    }

    /// Reads until the response head has arrived.
    mutating func readHead() async {
        await read { $0.contains("\r\n\r\n") }
    }

    /// The ids of the `request` events received.
    var requestIDs: [Int] { Self.requestIDs(in: received) }

    /// The `data` lines of the `request` events received, parsed.
    var requestEvents: [[String: Any]] { Self.requestEvents(in: received) }

    /// The counts of the `skipped` events received.
    var skippedCounts: [Int] { Self.skippedCounts(in: received) }

    /// The `request` events in `text` and the requests its `skipped` events count.
    static func shownAndSkipped(in text: String) -> Int {
        requestIDs(in: text).count + skippedCounts(in: text).reduce(0, +)
    }

    /// The counts of the `skipped` events in `text`.
    static func skippedCounts(in text: String) -> [Int] {
        dataLines(of: "skipped", in: text).compactMap { $0["count"] as? Int }
    }

    /// The ids of the `request` events in `text`.
    static func requestIDs(in text: String) -> [Int] {
        text.components(separatedBy: "event: request\n").dropFirst().compactMap { event in
            event.hasPrefix("id: ") ? Int(event.dropFirst(4).prefix { $0.isNumber }) : nil
        }
    }

    /// The `data` lines of the `request` events in `text`, parsed.
    static func requestEvents(in text: String) -> [[String: Any]] {
        dataLines(of: "request", in: text)
    }

    /// The `data` lines of the events named `name` in `text`, parsed.
    private static func dataLines(of name: String, in text: String) -> [[String: Any]] {
        text.components(separatedBy: "event: \(name)\n").dropFirst().compactMap { event in
            guard let line = event.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else { return nil }
            let json = Data(line.dropFirst("data: ".count).utf8)
            return (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
        }
    }
}

extension RawConnection {
    /// Whether the peer has closed the connection (a look that does not wait and consumes nothing).
    var isClosed: Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }
}
