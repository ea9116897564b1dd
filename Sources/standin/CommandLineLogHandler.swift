import Foundation
import Logging
import MockServer

/// Writes log messages to standard error as `StreamLogHandler` does, except fixture diagnostics, which it writes
/// bare (`Mocks/users/get.json:12: reason`) so that editors and terminals can jump to the file and line.
struct CommandLineLogHandler: LogHandler {
    private var stream: StreamLogHandler

    init(label: String) {
        stream = StreamLogHandler.standardError(label: label)
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        guard event.metadata?[Logger.diagnosticMetadataKey] == nil else { return printError("\(event.message)") }
        stream.log(event: event)
    }
}
