import CLibevent

extension EventLoop {
    /// Calls `action` on this loop's thread whenever `descriptor` has data to read, until the loop stops. The caller
    /// keeps the descriptor open until then (`action` may own it: it is released after the event is freed). Loop
    /// thread only.
    package func onReadable(_ descriptor: Int32, _ action: @escaping () -> Void) {
        keep(ReadableWatch(base: eventBase, descriptor: descriptor, action: action))
    }
}

/// A persistent libevent read event on a descriptor, freed with the watch, before `action` is released.
final class ReadableWatch {
    private var event: OpaquePointer?
    private let action: () -> Void

    fileprivate init(base: OpaquePointer, descriptor: Int32, action: @escaping () -> Void) {
        self.action = action
        let context = Unmanaged.passUnretained(self).toOpaque()
        event = event_new(base, descriptor, Int16(EV_READ | EV_PERSIST), readableCallback, context)
        event_add(event, nil)
    }

    deinit {
        if let event { event_free(event) }
    }

    fileprivate func readable() {
        action()
    }
}

/// libevent calls this on the loop's thread when the descriptor is readable; `context` is the unretained
/// ReadableWatch, which the loop keeps until it stops.
private func readableCallback(_ descriptor: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ReadableWatch>.fromOpaque(context).takeUnretainedValue().readable()
}
