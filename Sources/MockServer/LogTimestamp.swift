import Foundation

/// The time at the start of an access-log line, written as swift-log's `StreamLogHandler` writes it at the start of
/// the server's other lines (`2026-11-25T22:05:01+0000`, local time), so that every line reads alike. It formats once
/// per second and hands out the same text until the second changes.
struct LogTimestamp {
    private var second: time_t = -1
    private var formatted = ""

    /// The timestamp of `now`.
    mutating func text(at now: time_t = time(nil)) -> String {
        guard now != second else { return formatted }
        var clock = now
        var parts = tm()
        localtime_r(&clock, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        second = now
        formatted = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return formatted
    }
}
