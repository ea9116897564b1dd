/// Answers the requests of one event loop.
///
/// Each loop has its own handler, created on the thread that starts the server and from then on used only on the
/// loop's thread, so a handler may keep per-loop state without locks. It must send exactly one reply through each
/// request, now or later on that same thread.
protocol HTTPHandler: AnyObject {
    /// Handles one request.
    func handle(_ request: ServerRequest)
}
