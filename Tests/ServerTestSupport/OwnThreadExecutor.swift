import Foundation

/// Runs `body`, whose work takes the CPU for long stretches (parsing megabytes in process, building large strings),
/// with its jobs and those of its child tasks on a thread of its own rather than on Swift concurrency's shared
/// threads.
///
/// On Linux the shared threads are as many as cores (two on a small CI machine): a test that keeps them busy for
/// seconds stalls every other test's timers and URLSession answers for as long, and those tests then time out.
/// While `body` waits (a timer, a socket, another thread), the thread waits too and costs nothing.
public func onOwnExecutor<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    let executor = OwnThreadExecutor()
    defer { executor.finish() }
    return try await withTaskExecutorPreference(executor, operation: body)
}

/// A task executor with one thread that runs the jobs given to it in order, until `finish`.
private final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs` and `finished` are only touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        Thread { [self] in
            blockAsynchronousSignals()
            runJobs()
        }
        .start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the thread end once the jobs given so far have run.
    func finish() {
        condition.withLock {
            finished = true
            condition.signal()
        }
    }

    private func runJobs() {
        while true {
            let next: UnownedJob? = condition.withLock {
                while jobs.isEmpty, !finished { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
