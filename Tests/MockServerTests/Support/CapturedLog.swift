import Foundation
import Logging

/// A logger whose messages a test can read back, each with the time it was logged: a server's own record of when
/// something happened, free of the delays of a client that asks.
final class CapturedLog: @unchecked Sendable {
    // Unchecked: `messages` is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [(time: ContinuousClock.Instant, text: String)] = []

    /// A logger that writes into this capture.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(capture: self) }
    }

    /// Every message logged so far.
    var lines: [String] { lock.withLock { messages.map(\.text) } }

    /// When the last message starting with `prefix` was logged, if any was.
    func lastTime(of prefix: String) -> ContinuousClock.Instant? {
        lock.withLock { messages.last { $0.text.hasPrefix(prefix) }?.time }
    }

    fileprivate func append(_ message: String) {
        let time = ContinuousClock.now
        lock.withLock { messages.append((time, message)) }
    }

    private struct Handler: LogHandler {
        let capture: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append("\(event.message)")
        }
    }
}
