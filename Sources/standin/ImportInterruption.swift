import Foundation
import StandInFixtures
import StandInTooling

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While an import runs, SIGINT, SIGTERM and SIGHUP remove its staging folder before the process ends (with status
/// 128 + the signal), so an import stopped from the keyboard or by a supervisor leaves the mocks directory as it
/// was. A signal that arrives while the staging folder is being made, or moved into place, waits for that to finish:
/// the mocks directory then holds either the earlier import or the new one, whole.
///
/// The signal handler only writes the signal's number to a pipe (all a handler may safely do); a thread of this
/// type reads it, removes the folder and ends the process.
///
/// `@unchecked Sendable`: that thread and the importing one share `staging`, which is read and written with `lock`
/// held.
final class ImportInterruption: @unchecked Sendable {
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var staging: ImportStaging?
    private let pipeEnds: (read: Int32, write: Int32)

    /// Starts watching for the signals; `stop()` ends it.
    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        pipeEnds = (ends[0], ends[1])
        interruptionPipe = ends[1]
        Thread.detachNewThread { [self] in waitForSignal() }
        for number in Self.signals {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(interruptionPipe, &byte, 1)
            }
        }
    }

    /// Makes the staging folder with `make`, which a signal then removes.
    func stage(_ make: () throws -> ImportStaging) rethrows -> ImportStaging {
        try exclusively {
            let made = try make()
            staging = made
            return made
        }
    }

    /// Runs `body` (moving the staged folder into place) so that no signal's cleanup runs during it.
    func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Stops watching: the signals act as they did before.
    func stop() {
        for number in Self.signals { signal(number, SIG_DFL) }
        close(pipeEnds.write)
    }

    private func waitForSignal() {
        var byte: UInt8 = 0
        guard read(pipeEnds.read, &byte, 1) == 1 else {
            close(pipeEnds.read)
            return
        }
        lock.lock()
        staging?.discard()
        exit(128 + Int32(byte))
    }
}

/// The pipe the signal handler writes to: a handler cannot reach an object, only a global. Written once, by
/// `ImportInterruption.init`, before any handler is installed.
nonisolated(unsafe) private var interruptionPipe: Int32 = -1
