import StandInFixtures
import StandInSupport

/// What arrives of a backend's event stream, kept as it is relayed: every byte, and the time before each event (since
/// the previous one ended, or since the head for the first), taken when the piece that ends the event arrives.
///
/// Fed on the upstream call's thread; read once the call is over. Under a lock, as the closures that feed it are
/// `@Sendable`.
final class EventStreamCapture: Sendable {
    private struct State {
        var body: [UInt8] = []
        var lines = EventStreamLines()
        /// Whether the event being read has a line yet (empty lines between events end none).
        var eventHasLines = false
        var delays: [Duration] = []
        /// The bytes up to the end of the last event that ended.
        var completeBytes = 0
        /// When the head came, then when the last event ended.
        var last: ContinuousClock.Instant
    }

    private let state: Locked<State>
    /// When the head came.
    let headTime: ContinuousClock.Instant

    /// A capture of a stream whose head came at `head`.
    init(headAt head: ContinuousClock.Instant) {
        headTime = head
        state = Locked(State(last: head))
    }

    /// Keeps `piece`, which arrived at `now`, and the delay of each event it ends.
    func take(_ piece: [UInt8], at now: ContinuousClock.Instant) {
        state.withLock { state in
            let start = state.body.count
            state.body += piece
            var ended = 0
            var hasLines = state.eventHasLines
            var completeBytes = state.completeBytes
            state.lines.feed(piece) { line, consumed in
                if line.isEmpty {
                    if hasLines {
                        ended += 1
                        completeBytes = start + consumed
                    }
                    hasLines = false
                } else {
                    hasLines = true
                }
            }
            state.eventHasLines = hasLines
            state.completeBytes = completeBytes
            guard ended > 0 else { return }
            // Events that end in one piece arrived together.
            state.delays.append(now - state.last)
            state.delays += repeatElement(.zero, count: ended - 1)
            state.last = now
        }
    }

    /// The bytes so far, and the time before each event that ended; `wholeEventsOnly` leaves out the bytes after the
    /// last event that ended (an unfinished event, which a client would never see either), and says how many.
    func captured(wholeEventsOnly: Bool) -> (body: [UInt8], eventDelays: [Duration], leftOut: Int) {
        state.withLock { state in
            guard wholeEventsOnly else { return (state.body, state.delays, 0) }
            return (Array(state.body[..<state.completeBytes]), state.delays, state.body.count - state.completeBytes)
        }
    }
}
