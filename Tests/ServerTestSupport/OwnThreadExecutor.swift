import StandInSupport

/// Runs `body`, whose work takes the CPU for long stretches (parsing megabytes in process, building large strings),
/// with its jobs and those of its child tasks on a thread of its own rather than on Swift concurrency's shared
/// threads.
///
/// On Linux the shared threads are as many as cores (two on a small CI machine): a test that keeps them busy for
/// seconds stalls every other test's timers and URLSession answers for as long, and those tests then time out.
/// While `body` waits (a timer, a socket, another thread), the thread waits too and costs nothing.
public func onOwnExecutor<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    let executor = ThreadTaskExecutor(name: "test")
    defer { executor.finish() }
    return try await withTaskExecutorPreference(executor, operation: body)
}
