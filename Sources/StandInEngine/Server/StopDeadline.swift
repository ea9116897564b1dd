#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stop that a busy loop cannot put off. libevent hands a signal to the watching loop through a pipe, so a loop that
/// is busy with one long request (a slow regular expression) would not see SIGTERM until it is done. The deadline sits
/// in front of libevent's handlers: the first stopping signal also starts `alarm`, and if the server has not stopped
/// when it rings, the process writes a line to stderr and exits with status 1.
///
/// Process-wide state, set up on the thread that runs the first loop before that loop runs; the handlers themselves
/// only call async-signal-safe functions (`alarm`, `write`, `_exit`) and libevent's own handler.
enum StopDeadline {
    /// How long the loops have to stop after a stopping signal.
    static let seconds: UInt32 = 1

    /// Puts the deadline in front of the handlers installed now for SIGINT and SIGTERM (libevent's: call after the
    /// signal events are added).
    static func arm() {
        interruptHandler = signal(SIGINT, stopSignalArrived)
        terminateHandler = signal(SIGTERM, stopSignalArrived)
        signal(SIGALRM, deadlinePassed)
    }

    /// The server stopped in time: no deadline.
    static func disarm() {
        alarm(0)
    }
}

private typealias SignalHandler = @convention(c) (Int32) -> Void

/// The handlers `StopDeadline.arm` replaced; written before the signals can arrive, read only in the handler.
nonisolated(unsafe) private var interruptHandler: SignalHandler?
nonisolated(unsafe) private var terminateHandler: SignalHandler?
/// Whether the alarm runs already; a second signal does not push the deadline back.
nonisolated(unsafe) private var deadlineRunning = false

/// Starts the deadline once, then hands the signal to the handler it replaced.
private func stopSignalArrived(_ signal: Int32) {
    if !deadlineRunning {
        deadlineRunning = true
        alarm(StopDeadline.seconds)
    }
    guard let handler = signal == SIGINT ? interruptHandler : terminateHandler,
        unsafeBitCast(handler, to: Int.self) > 1
    else { return }
    handler(signal)
}

/// The loops did not stop in time.
private func deadlinePassed(_ signal: Int32) {
    let message: StaticString = "StandIn did not stop within a second of the signal (a request kept a loop busy).\n"
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    _exit(1)
}
