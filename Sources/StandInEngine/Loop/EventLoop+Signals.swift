import CLibevent

extension EventLoop {
    /// Calls `action` on this loop's thread each time the process receives one of `signals` (SIGINT, SIGTERM), in
    /// place of the signal's default action; unblocks them on the calling thread. Only one loop of a process may
    /// watch signals. Loop thread only, or before the loop runs.
    ///
    /// Ownership: the loop keeps the `SignalWatch` until it stops; libevent's events get unretained pointers to it.
    func onSignals(_ signals: [Int32], _ action: @escaping (Int32) -> Void) {
        keep(SignalWatch(base: eventBase, signals: signals, action: action))
    }
}

/// libevent signal events (a self-pipe inside libevent: the handler itself only writes a byte), freed with the watch.
final class SignalWatch {
    private var events: [OpaquePointer] = []
    private let action: (Int32) -> Void

    fileprivate init(base: OpaquePointer, signals: [Int32], action: @escaping (Int32) -> Void) {
        self.action = action
        let context = Unmanaged.passUnretained(self).toOpaque()
        // A process may start with these signals blocked (a parent's worker thread spawned it, and the mask is
        // inherited); blocked, they would never arrive.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signal in signals {
            guard let event = event_new(base, signal, Int16(EV_SIGNAL | EV_PERSIST), signalCallback, context) else {
                continue
            }
            event_add(event, nil)
            events.append(event)
        }
    }

    deinit {
        for event in events { event_free(event) }
    }

    fileprivate func received(_ signal: Int32) {
        action(signal)
    }
}

/// libevent calls this on the watching loop's thread after one of the signals arrived; `context` is the unretained
/// SignalWatch, which the loop keeps until it stops.
private func signalCallback(_ signal: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<SignalWatch>.fromOpaque(context).takeUnretainedValue().received(signal)
}
