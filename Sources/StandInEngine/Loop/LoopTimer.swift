import CLibevent

/// A timer on an event loop: one-shot, for answers that come later (delays, slow bodies, hold limits), or repeating,
/// for the server's periodic chores (reload polling, access-log flushing).
///
/// Ownership: the loop keeps every armed timer in its `armedTimers` table, which owns it; libevent's event gets an
/// unretained pointer to the timer. Firing or cancelling removes it from the table and frees the event; stopping
/// the loop cancels whatever is still armed. Threads: create, fire and cancel only on the loop's thread.
package final class LoopTimer {
    private var event: OpaquePointer?
    private var action: (() -> Void)?
    private let repeats: Bool
    private unowned let loop: EventLoop

    fileprivate init(loop: EventLoop, repeats: Bool, action: @escaping () -> Void) {
        self.loop = loop
        self.repeats = repeats
        self.action = action
    }

    fileprivate func arm(base: OpaquePointer, after delay: Duration) {
        let flags = repeats ? Int16(EV_PERSIST) : 0
        event = event_new(base, -1, flags, timerCallback, Unmanaged.passUnretained(self).toOpaque())
        let microseconds = Int64(max(0, delay / .microseconds(1)))
        var interval = timeval(tv_sec: Int(microseconds / 1_000_000), tv_usec: Int(microseconds % 1_000_000))
        event_add(event, &interval)
    }

    /// Stops the timer if it has not fired; its action never runs. Safe to call more than once.
    package func cancel() {
        guard let event else { return }
        event_free(event)
        self.event = nil
        action = nil
        loop.forget(self)
    }

    fileprivate func fire() {
        let action = self.action
        if !repeats { cancel() }
        action?()
    }
}

extension EventLoop {
    /// Runs `action` on this loop's thread after `delay`. Call only on the loop's thread.
    @discardableResult
    package func schedule(after delay: Duration, _ action: @escaping () -> Void) -> LoopTimer {
        arm(LoopTimer(loop: self, repeats: false, action: action), after: delay)
    }

    /// Runs `action` on this loop's thread every `interval` until the timer is cancelled or the loop stops. Call only
    /// on the loop's thread.
    @discardableResult
    package func every(_ interval: Duration, _ action: @escaping () -> Void) -> LoopTimer {
        arm(LoopTimer(loop: self, repeats: true, action: action), after: interval)
    }

    private func arm(_ timer: LoopTimer, after delay: Duration) -> LoopTimer {
        remember(timer)
        timer.arm(base: eventBase, after: delay)
        return timer
    }
}

/// libevent calls this on the loop's thread when a timer is due; `context` is the unretained LoopTimer, which the
/// loop's table keeps alive until `fire` removes it.
private func timerCallback(_ fd: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<LoopTimer>.fromOpaque(context).takeUnretainedValue().fire()
}
