import CLibevent
import Foundation

/// Process-wide libevent setup, done once before the first event base is created.
enum LibeventRuntime {
    /// Turns on libevent's pthread locking (so `event_active` from another thread wakes a loop) and ignores
    /// SIGPIPE (a client that hangs up must not kill the server when a write hits its closed socket).
    static let prepared: Void = {
        evthread_use_pthreads()
        signal(SIGPIPE, SIG_IGN)
    }()
}
