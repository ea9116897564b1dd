import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for tests, with the part of `Foundation.Process`'s interface they use, started with
/// `posix_spawn`.
///
/// On Linux, Foundation's `Process.run()` (swift-corelibs-foundation up to Swift 6.3) copies 256 bytes of every entry
/// of `/proc/self/fd` whatever its length, and crashes the whole test process when an entry ends just before an
/// unmapped page: about one parallel run in five here, where many sockets are open. This type spawns directly: the
/// child gets the default signal dispositions and an empty signal mask (tests wait on threads that block signals),
/// and no descriptor but its standard three (so a pipe of another test is never held open by this child).
///
/// One thread starts the process; any thread may then ask whether it runs, wait for it or signal it. Elsewhere
/// `ChildProcess` is Foundation's `Process`.
#if os(Linux)
public final class ChildProcess: @unchecked Sendable {
    /// The program to run.
    public var executableURL: URL?
    /// Its arguments, without the program's name.
    public var arguments: [String] = []
    /// Its environment; nil inherits this process's.
    public var environment: [String: String]?
    /// The folder it starts in; nil inherits this process's.
    public var currentDirectoryURL: URL?
    /// A `Pipe` or a `FileHandle` for its standard output; nil inherits this process's.
    public var standardOutput: Any?
    /// A `Pipe` or a `FileHandle` for its standard error; nil inherits this process's.
    public var standardError: Any?

    /// Its process id, once started.
    public private(set) var processIdentifier: Int32 = 0
    /// The `waitpid` status once it has ended; guarded by `lock`, which also keeps two threads from reaping it.
    private var exitStatus: Int32?
    private let lock = NSLock()

    /// How a process ended.
    public enum TerminationReason: Sendable { case exit, uncaughtSignal }

    public init() {}

    /// Starts the process. The write ends of output pipes are closed here once the child has them, so that reading
    /// the pipe ends when the child does.
    public func run() throws {
        guard let executableURL else { throw POSIXError(.ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(STDOUT_FILENO, standardOutput), (STDERR_FILENO, standardError)] {
            if let descriptor = Self.descriptor(of: stream) {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        guard Self.closeFrom(&actions, STDERR_FILENO + 1) == 0 else { throw POSIXError(.EINVAL) }
        if let currentDirectoryURL {
            guard Self.changeDirectory(&actions, currentDirectoryURL.path) == 0 else { throw POSIXError(.EINVAL) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executableURL.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executableURL.path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        processIdentifier = pid
        for case let pipe as Pipe in [standardOutput, standardError] { try? pipe.fileHandleForWriting.close() }
    }

    /// Whether it has been started and has not ended.
    public var isRunning: Bool {
        lock.withLock {
            guard processIdentifier != 0, exitStatus == nil else { return false }
            var status: Int32 = 0
            if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier { exitStatus = status }
            return exitStatus == nil
        }
    }

    /// Blocks until it has ended.
    public func waitUntilExit() {
        while isRunning { usleep(10_000) }
    }

    /// Its exit status, or the number of the signal that ended it.
    public var terminationStatus: Int32 {
        let status = lock.withLock { exitStatus } ?? 0
        return Self.exitedNormally(status) ? (status >> 8) & 0xff : status & 0x7f
    }

    /// Whether it exited or a signal ended it.
    public var terminationReason: TerminationReason {
        Self.exitedNormally(lock.withLock { exitStatus } ?? 0) ? .exit : .uncaughtSignal
    }

    /// Sends SIGTERM.
    public func terminate() {
        guard processIdentifier != 0 else { return }
        kill(processIdentifier, SIGTERM)
    }

    private static func exitedNormally(_ status: Int32) -> Bool { status & 0x7f == 0 }

    private static func descriptor(of stream: Any?) -> Int32? {
        switch stream {
        case let pipe as Pipe: pipe.fileHandleForWriting.fileDescriptor
        case let handle as FileHandle: handle.fileDescriptor
        default: nil
        }
    }

    // glibc's posix_spawn_file_actions_addclosefrom_np and _addchdir_np, which Swift's Glibc module does not export.
    private static let closeFrom = symbol(
        "posix_spawn_file_actions_addclosefrom_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
    )
    private static let changeDirectory = symbol(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self
    )

    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("the C library has no \(name)") }
        return unsafeBitCast(address, to: T.self)
    }
}
#else
public typealias ChildProcess = Process
#endif
