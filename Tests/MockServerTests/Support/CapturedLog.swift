import Foundation
import Logging

/// A logger whose messages a test can read back.
final class CapturedLog: @unchecked Sendable {
    // Unchecked: `messages` is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [String] = []

    /// A logger that writes into this capture.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(capture: self) }
    }

    /// Every message logged so far.
    var lines: [String] { lock.withLock { messages } }

    fileprivate func append(_ message: String) {
        lock.withLock { messages.append(message) }
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
