import Foundation

/// What a server process holds, read from `/proc` (Linux): its resident memory and its open descriptors.
enum ServerProcessResources {
    /// The resident memory of process `pid`, from `/proc/PID/status`; nil where there is no /proc.
    static func residentBytes(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }

    /// How many file descriptors process `pid` has open; -1 where there is no /proc.
    static func openDescriptors(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// The descriptor count once what the server closes at its loops' next turns has closed: polled until it is at
    /// most `bound`, or a minute has passed (then the last count).
    static func descriptors(of pid: Int32, settlingAtMost bound: Int) async throws -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        var count = openDescriptors(of: pid)
        while count > bound, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            count = openDescriptors(of: pid)
        }
        return count
    }

    /// The descriptor count once it has stopped changing: polled until two counts a second apart agree, or a minute
    /// has passed (then the last count).
    static func settledDescriptors(of pid: Int32) async throws -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        var count = openDescriptors(of: pid)
        while clock.now < deadline {
            try await Task.sleep(for: .seconds(1))
            let again = openDescriptors(of: pid)
            if again == count { break }
            count = again
        }
        return count
    }
}
