import Foundation
import StandInSupport

/// Runs `work`, which blocks (a socket read, a wait for a process), on a thread of its own, and suspends until it
/// returns.
///
/// Tests run in parallel as tasks on Swift concurrency's shared threads, of which there are only as many as cores.
/// A test that blocked one of them would stall every other test's timers and answers for as long as it waits.
///
/// Like those shared threads, the thread blocks the signals a process receives from outside (such as `SIGCHLD` when
/// a child process ends), so that they interrupt no call of `work`: Foundation's `FileHandle` reads stop the process
/// when a read is interrupted.
public func onOwnThread<T: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
        Thread {
            blockAsynchronousSignals()
            continuation.resume(returning: Result(catching: work))
        }
        .start()
    }
    return try result.get()
}
