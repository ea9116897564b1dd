import Foundation

/// Reloads the mocks directory when a file in it changes: every `interval` (250 ms by default) it compares the files'
/// modification times and sizes with the last reload's, on a background queue. Polling is simple and works the same
/// on Linux and macOS; a directory of a few hundred files costs well under a millisecond a poll.
///
/// `@unchecked Sendable`: `timer` is set up in `init` and only cancelled afterwards (cancelling is thread-safe).
final class MocksWatcher: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    /// Starts watching; `context.reload(onlyIfChanged: true)` runs on every tick.
    init(context: ServerContext, interval: Duration) {
        let milliseconds = Int(interval / .milliseconds(1))
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "standin.mocks-watcher", qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        timer.setEventHandler { [weak context] in context?.reload(onlyIfChanged: true) }
        timer.resume()
    }

    /// Stops watching. Safe to call more than once.
    func stop() {
        timer.cancel()
    }

    deinit {
        timer.cancel()
    }
}
