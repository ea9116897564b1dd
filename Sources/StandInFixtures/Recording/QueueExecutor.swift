#if os(Linux)
import Dispatch

/// Runs an actor's work on a dispatch queue of its own rather than on the threads every task shares: for an actor
/// whose work blocks, such as writing files (on Linux, Foundation syncs each file it writes to disk, which on a machine
/// busy writing takes seconds). Those shared threads are only as many as cores; one blocked there stalls every task.
final class QueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    /// A serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
#endif
