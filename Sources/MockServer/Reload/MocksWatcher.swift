import Foundation
import StandInEngine

/// Reloads the mocks directory when a file in it changes, on the first event loop's thread: the server needs no
/// thread of its own for it.
///
/// On Linux, inotify tells the loop that something changed; the reload follows `settle` later, so that a burst of
/// writes (an editor saving, a checkout) makes one reload. Elsewhere, or when inotify is unavailable, it polls: every
/// `interval` (250 ms by default) it compares the files' modification times and sizes with the last reload's. Either
/// way the reload itself compares snapshots, so a notification that changed nothing reloads nothing.
///
/// Create it before the fixtures are loaded: the kernel then queues a notification for every edit made while they
/// load or before the loop starts watching, so no edit is missed and no second comparison of every file is needed.
struct MocksWatcher: Sendable {
    /// How long after a change notification the reload runs.
    static let settle = Duration.milliseconds(50)

    private let interval: Duration
    #if canImport(Glibc)
    /// Nil when inotify is unavailable: then the watcher polls.
    private let events: DirectoryEvents?
    #endif

    /// Arms the watch of `directory`; `interval` is how often to poll where the kernel cannot notify.
    init(directory: URL, every interval: Duration) {
        self.interval = interval
        #if canImport(Glibc)
        events = DirectoryEvents(root: directory.standardizedFileURL.resolvingSymlinksInPath().path)
        #endif
    }

    /// Starts reloading on `loop` until it stops. Call once, on the loop's thread.
    func start(context: ServerContext, on loop: EventLoop) {
        #if canImport(Glibc)
        if let events {
            var reloadPending = false
            loop.onReadable(events.descriptor) { [unowned loop] in
                guard events.drain(), !reloadPending else { return }
                reloadPending = true
                loop.schedule(after: Self.settle) {
                    reloadPending = false
                    context.reload(onlyIfChanged: true)
                }
            }
            return
        }
        #endif
        loop.every(interval) { context.reload(onlyIfChanged: true) }
    }
}
