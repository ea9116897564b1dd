import Foundation
import Logging
import NetworkCore

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

    /// Waits until a message starting with `prefix` is logged after `start`, and returns when it was logged; throws
    /// `PollingTimeoutError` when none is within `timeout`.
    func time(
        ofFirst prefix: String,
        after start: ContinuousClock.Instant,
        within timeout: Duration = .seconds(10)
    ) async throws -> ContinuousClock.Instant {
        let found = try await poll(
            every: .milliseconds(10),
            timeout: timeout,
            until: { $0 != nil },
            operation: { lock.withLock { messages.first { $0.time > start && $0.text.hasPrefix(prefix) }?.time } }
        )
        return found!
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
