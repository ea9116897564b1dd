/// Lets at most `limit` calls run at once; the others wait for a turn, first come first served. Bounds the threads
/// ``SocketTransport`` runs, however many requests arrive together.
actor CallGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Returns once the call may run.
    func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Ends a call, handing its turn to the first waiting one.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
