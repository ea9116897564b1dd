import Foundation

/// The one-line-per-request log `serve` prints: method, path, status, fixture id or `NO MATCH`, duration, and what
/// was simulated (variant, delay, fault).
///
/// Lines are appended to a buffer under a lock and written out by a timer every 100 ms (and on `flush`), so a
/// request never waits on a write to the terminal.
///
/// `@unchecked Sendable`: `buffer` is locked, `output` is only written, and `timer` is set up in `init` and only
/// cancelled in `deinit`, so no state is shared without a lock.
final class AccessLog: @unchecked Sendable {
    private let buffer = Locked<[UInt8]>([])
    private let output: FileHandle
    private let timer: DispatchSourceTimer

    /// Starts a log writing to `output`.
    init(output: FileHandle = .standardOutput) {
        self.output = output
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [buffer, output] in Self.write(buffer, to: output) }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Adds one request's line.
    func record(method: String, path: String, status: Int, fixture: String?, details: String?, duration: Duration) {
        var line = "\(method) \(path) \(status) \(fixture ?? "NO MATCH") \(Self.milliseconds(duration))"
        if let details { line += " \(details)" }
        line += "\n"
        buffer.withLock { $0.append(contentsOf: line.utf8) }
    }

    /// Writes out what is buffered now.
    func flush() {
        Self.write(buffer, to: output)
    }

    private static func write(_ buffer: Locked<[UInt8]>, to output: FileHandle) {
        let pending = buffer.withLock { bytes in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        guard !pending.isEmpty else { return }
        output.write(Data(pending))
    }

    /// `0.21ms`, `12.40ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let fraction = microseconds % 1000 / 10
        return "\(microseconds / 1000).\(fraction < 10 ? "0" : "")\(fraction)ms"
    }
}
