import CLibevent
import Foundation

/// Process-wide libevent setup, done once before the first event base is created.
enum LibeventRuntime {
    /// Turns on libevent's pthread locking (so `event_active` from another thread wakes a loop), ignores SIGPIPE (a
    /// client that hangs up must not kill the server when a write hits its closed socket), and raises the open-file
    /// limit to its hard maximum (each connection is a descriptor; the soft default is often 1,024).
    static let prepared: Void = {
        evthread_use_pthreads()
        signal(SIGPIPE, SIG_IGN)
        var files = rlimit()
        if getrlimit(resourceLimitFiles, &files) == 0, files.rlim_cur < files.rlim_max {
            files.rlim_cur = files.rlim_max
            setrlimit(resourceLimitFiles, &files)
        }
    }()

    #if canImport(Glibc)
    /// The open-file limit's resource, as `getrlimit` takes it.
    static let resourceLimitFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    /// The open-file limit's resource, as `getrlimit` takes it.
    static let resourceLimitFiles = RLIMIT_NOFILE
    #endif
}
