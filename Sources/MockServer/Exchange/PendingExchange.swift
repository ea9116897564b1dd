/// An exchange whose answer comes later (a delayed or faulty answer, a backend's answer): held on the loop until the
/// answer is over, then finished once.
///
/// Threads: the loop's thread only (it travels to other threads inside a `LoopBound`).
final class PendingExchange {
    private var exchange: Exchange?

    init(_ exchange: consuming Exchange) {
        self.exchange = consume exchange
    }

    /// The request id the answer carries.
    var requestId: String { exchange?.requestId ?? "" }

    /// What the journal will say no fixture answered (a fallback backend's answer).
    func noteUnanswered(_ unanswered: @autoclosure () -> JournalEntry.Unanswered) {
        exchange?.noteUnanswered(unanswered())
    }

    /// Finishes the exchange with `ending`; later calls do nothing.
    func finish(_ ending: borrowing Exchange.Ending) {
        exchange.take()?.finish(ending)
    }
}
