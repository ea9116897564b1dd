import Foundation
import StandInEngine
import StandInFixtures
import StandInSupport

/// The one-line-per-request log `serve` prints: the time (as the server's other log lines write it), method, path,
/// status, fixture id or `NO MATCH`, duration, and what was simulated (variant, delay, fault).
///
/// Lines are appended to a buffer under a lock and written out every 100 ms by a timer on the first event loop (and
/// on `flush`), so a request never waits on a write to the terminal, and the server needs no thread for it.
///
/// A closed output (a harness that read the first line and left) drops the lines; serving goes on.
final class AccessLog: Sendable {
    /// The lines not written yet, and the time they start with.
    private struct Pending {
        var bytes: [UInt8] = []
        var timestamp = LogTimestamp()
    }

    private let pending = Locked(Pending())
    private let output: StandardStream

    /// Creates a log writing to `output`; nothing is written until `flushPeriodically` or `flush`.
    init(output: StandardStream = .output) {
        self.output = output
    }

    /// Writes the buffered lines every 100 ms from now until `loop` stops. Call on the loop's thread.
    func flushPeriodically(on loop: EventLoop) {
        loop.every(.milliseconds(100)) { [self] in flush() }
    }

    /// Adds one request's line; control characters in the client's method and path (and in the rest) are escaped
    /// as `\xHH` (`PrintableText`), so that a request can neither forge a line nor send the terminal a command.
    func record(method: String, path: String, status: Int, fixture: String?, details: String?, duration: Duration) {
        let method = PrintableText.escaped(method)
        let path = PrintableText.escaped(path)
        let fixture = fixture.map(PrintableText.escaped) ?? "NO MATCH"
        var line = " \(method) \(path) \(status) \(fixture) \(Self.milliseconds(duration))"
        if let details { line += " \(PrintableText.escaped(details))" }
        line += "\n"
        pending.withLock { pending in
            pending.bytes.append(contentsOf: pending.timestamp.text().utf8)
            pending.bytes.append(contentsOf: line.utf8)
        }
    }

    /// Writes out what is buffered now.
    func flush() {
        let lines = pending.withLock { pending in
            defer { pending.bytes.removeAll(keepingCapacity: true) }
            return pending.bytes
        }
        guard !lines.isEmpty else { return }
        output.write(bytes: lines)
    }

    /// `0.21ms`, `12.40ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let fraction = microseconds % 1000 / 10
        return "\(microseconds / 1000).\(fraction < 10 ? "0" : "")\(fraction)ms"
    }
}
