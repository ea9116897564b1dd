import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A task executor with a thread of its own, which runs the jobs given to it in order.
///
/// Work that must not wait behind the process's other tasks runs here: on Linux, Swift concurrency's shared threads
/// are only as many as cores, and a process whose other tasks keep them busy (a test suite parsing megabytes beside
/// an embedded server, say) would otherwise hold this work up for as long. While its jobs wait (a timer, a socket,
/// another thread), the thread waits too and costs nothing. The thread starts with the first job; after `finish` it
/// ends whenever it runs out of jobs, and a job given later starts it again.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
public final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs`, `running` and `finished` are only touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var running = false
    private var finished = false
    private let name: String

    /// An executor whose thread is named `name` (as debuggers and `top -H` show it).
    public init(name: String) {
        self.name = name
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let start = condition.withLock {
            jobs.append(job)
            condition.signal()
            defer { running = true }
            return !running
        }
        if start { startThread() }
    }

    /// Lets the thread end once it has run the jobs given so far.
    public func finish() {
        condition.withLock {
            finished = true
            condition.signal()
        }
    }

    private func startThread() {
        let thread = Thread { [self] in
            blockAsynchronousSignals()
            runJobs()
        }
        thread.name = name
        thread.start()
    }

    private func runJobs() {
        while true {
            let next: UnownedJob? = condition.withLock {
                while jobs.isEmpty, !finished { condition.wait() }
                if jobs.isEmpty { running = false }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Blocks every signal on the calling thread but those a fault of the thread itself raises, as Swift concurrency's
/// shared threads do: a signal the process receives from outside (`SIGCHLD` when a child process ends) then
/// interrupts no call made on it.
public func blockAsynchronousSignals() {
    var signals = sigset_t()
    sigfillset(&signals)
    for fault in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT] { sigdelset(&signals, fault) }
    pthread_sigmask(SIG_BLOCK, &signals, nil)
}

/// Starts tasks on a `ThreadTaskExecutor` of their own where the platform has task executors (Linux; macOS 15,
/// iOS 18 and later), and on Swift concurrency's shared threads elsewhere.
public struct TaskThread: Sendable {
    /// The `ThreadTaskExecutor`, typed loosely because a stored property cannot name a type newer than the platforms
    /// the package supports; nil where there is none.
    private let executor: (AnyObject & Sendable)?

    /// Tasks on a thread named `name`, started with the first task.
    public init(name: String) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            executor = ThreadTaskExecutor(name: name)
        } else {
            executor = nil
        }
    }

    /// Starts `work` in a new task on the thread. Like `Task.init`, not a child of the calling task.
    @discardableResult
    public func task<Success: Sendable>(
        _ work: sending @escaping () async throws -> Success
    ) -> Task<Success, any Error> {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *), let executor = executor as? ThreadTaskExecutor {
            return Task(executorPreference: executor, operation: work)
        }
        return Task(operation: work)
    }

    /// Lets the thread end once it has run the tasks' jobs given so far.
    public func finish() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *), let executor = executor as? ThreadTaskExecutor {
            executor.finish()
        }
    }
}
