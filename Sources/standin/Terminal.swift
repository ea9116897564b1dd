import Foundation
import Logging

/// Writes a line to standard output at once (no stdio buffering), so a process reading the pipe sees it now.
func printLine(_ message: String) {
    FileHandle.standardOutput.write(Data((message + "\n").utf8))
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The process's logging setup: messages go to standard error.
enum LogSetup {
    private static let bootstrapped: Void = LoggingSystem.bootstrap(StreamLogHandler.standardError)

    /// Bootstraps logging; safe to call more than once.
    static func bootstrap() { _ = bootstrapped }
}

/// Waits for SIGINT or SIGTERM.
enum TerminationSignal {
    /// Suspends until the process receives SIGINT or SIGTERM; returns the signal's name.
    static func next() async -> String {
        let signals = AsyncStream<String> { continuation in
            let sources = SignalSources(
                [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { continuation.yield(name) }
                    source.resume()
                    return source
                }
            )
            continuation.onTermination = { _ in sources.cancel() }
        }
        for await name in signals { return name }
        return "end of signals"
    }
}

/// Keeps signal sources alive until the stream that uses them ends.
///
/// `@unchecked Sendable`: the array is never mutated, and cancelling a dispatch source is thread-safe.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
