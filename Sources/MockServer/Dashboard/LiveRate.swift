/// The dashboard's live rate cap: admits at most `perSecond` events in each window, a window lasting at least a
/// second from the first event it admitted. It reads the clock when a window opens and when its count is reached,
/// so below the cap an event costs an addition.
struct LiveRate {
    /// The most events a window admits.
    let perSecond: Int
    private var windowStart = ContinuousClock.Instant.now
    private var admitted = 0

    /// A cap of `perSecond` events a second (at least one).
    init(perSecond: Int) {
        self.perSecond = max(1, perSecond)
    }

    /// Whether one more event may be shown now; counts it when it may.
    mutating func admits() -> Bool {
        if admitted == 0 {
            windowStart = .now
        } else if admitted >= perSecond {
            let now = ContinuousClock.Instant.now
            guard now - windowStart >= .seconds(1) else { return false }
            windowStart = now
            admitted = 0
        }
        admitted += 1
        return true
    }
}
