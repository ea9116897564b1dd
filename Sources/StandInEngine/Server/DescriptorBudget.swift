import Foundation

/// How many more files the process may open. libevent ends the whole process (`exit`) when a new event base cannot
/// get its descriptors, so a loop is made only when they are free; and a further port is opened only while
/// descriptors are left for connections, so that a session started near the open-file limit is refused instead of
/// leaving the server unable to accept.
enum DescriptorBudget {
    /// What an event loop and its listening socket open: the epoll instance, the timer, the signal pair, the wake-up
    /// event and the socket.
    static let perLoop = 6
    /// The descriptors a further port leaves free, for connections and the server's own files.
    static let keptForConnections = 16

    /// The open-file limit less the descriptors open now; nil where the open ones cannot be listed.
    static func free() -> Int? {
        var files = rlimit()
        guard getrlimit(LibeventRuntime.resourceLimitFiles, &files) == 0 else { return nil }
        #if os(Linux)
        let directory = "/proc/self/fd"
        #else
        let directory = "/dev/fd"
        #endif
        guard FileManager.default.fileExists(atPath: directory) else { return nil }
        // A listing that fails had no descriptor to open the directory with.
        guard let open = try? FileManager.default.contentsOfDirectory(atPath: directory).count else { return 0 }
        // The listing's own descriptor is among those listed; it is closed again by now.
        return Int(clamping: files.rlim_cur) - (open - 1)
    }

    /// The open-file limit, for messages.
    static var limit: Int {
        var files = rlimit()
        guard getrlimit(LibeventRuntime.resourceLimitFiles, &files) == 0 else { return 0 }
        return Int(clamping: files.rlim_cur)
    }
}
