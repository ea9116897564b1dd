/// Reloads the mocks directory when a file in it changes, on the first event loop's thread: the server needs no
/// thread of its own for it.
///
/// On Linux, inotify tells the loop that something changed; the reload follows `settle` later, so that a burst of
/// writes (an editor saving, a checkout) makes one reload. Elsewhere, or when inotify is unavailable, it polls: every
/// `interval` (250 ms by default) it compares the files' modification times and sizes with the last reload's. Either
/// way the reload itself compares snapshots, so a notification that changed nothing reloads nothing.
enum MocksWatcher {
    /// How long after a change notification the reload runs.
    static let settle = Duration.milliseconds(50)

    /// Starts watching until the loop stops. Call on the loop's thread.
    static func start(context: ServerContext, every interval: Duration, on loop: EventLoop) {
        #if canImport(Glibc)
        let root = context.store.loader.directory.standardizedFileURL.resolvingSymlinksInPath().path
        if let events = DirectoryEvents(root: root) {
            var reloadPending = false
            loop.onReadable(events.descriptor) { [unowned loop] in
                guard events.drain(), !reloadPending else { return }
                reloadPending = true
                loop.schedule(after: settle) {
                    reloadPending = false
                    context.reload(onlyIfChanged: true)
                }
            }
            // An edit made between loading the fixtures and arming the watch raised no notification.
            context.reload(onlyIfChanged: true)
            return
        }
        #endif
        loop.every(interval) { context.reload(onlyIfChanged: true) }
    }
}
