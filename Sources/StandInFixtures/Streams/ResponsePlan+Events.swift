extension ResponsePlan {
    /// Whether the answer is a stream of events for a request of `method`: not for `HEAD` (the head alone), nor
    /// when a fault sends nothing at all (`connection-reset`, `empty-response`, `timeout`).
    public func streamsEvents(to method: String) -> Bool {
        guard response.events != nil, method != "HEAD" else { return false }
        switch fault {
        case .connectionReset, .emptyResponse, .timeout: return false
        case nil, .malformedBody, .slowBody, .cutStream: return true
        }
    }

    /// How many of a stream's `count` events go out before a `cut-stream` fault resets the connection (half of them
    /// unless the fault says); nil without that fault.
    public func eventsBeforeCut(of count: Int) -> Int? {
        guard case .cutStream(let afterEvents) = fault else { return nil }
        return min(afterEvents ?? count / 2, count)
    }

    /// How long an event of `byteCount` bytes waits after the previous one: its own `delay`, plus the time its bytes
    /// take at a paced rate (a network's downlink, `slow-body`).
    public func wait(beforeEventOf byteCount: Int, delay: Duration) -> Duration {
        guard let bytesPerSecond = bodyRate else { return delay }
        return delay + SlowBodyPace(bytesPerSecond: bytesPerSecond).duration(ofBody: byteCount)
    }
}
