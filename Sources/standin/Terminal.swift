import Foundation
import Logging
import MockServer

/// Writes a line to standard output at once (no stdio buffering), so a process reading the pipe sees it now. Once the
/// reader has gone away, lines are dropped: the server goes on.
func printLine(_ message: String) {
    StandardStream.output.writeLine(message)
}

/// Writes a line to standard error; dropped once the reader has gone away.
func printError(_ message: String) {
    StandardStream.error.writeLine(message)
}

/// The system's message for `errorNumber` (an `errno`) as the end of a sentence: `permission denied`.
func systemMessage(_ errorNumber: Int32) -> String {
    let message = String(cString: strerror(errorNumber))
    return message.prefix(1).lowercased() + message.dropFirst()
}

/// The process's logging setup: messages go to standard error.
enum LogSetup {
    private static let bootstrapped: Void = LoggingSystem.bootstrap(CommandLineLogHandler.init(label:))

    /// Bootstraps logging; safe to call more than once.
    static func bootstrap() { _ = bootstrapped }
}

/// Runs `operation` on Swift's task pool and waits for its result. For the synchronous command line only, after the
/// server has stopped (the commands are synchronous so that `serve --threads 1` stays a one-thread process).
func waitFor<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let result = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        result.value = await operation()
        done.signal()
    }
    done.wait()
    return result.value!
}

/// The value a task hands back to a waiting thread.
///
/// `@unchecked Sendable`: `value` is written once by the task before it signals, and read only after the wait.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
