import Foundation
import MockServer
import StandInSupport

/// A session clock that runs with the system's, and that a test moves on by hand (`advance`): a session's time to
/// live passes without the test waiting for it.
final class SteppedClock: Sendable {
    private let skipped = Locked(Duration.zero)

    /// Moves the clock on by `duration`, at once.
    func advance(by duration: Duration) {
        skipped.withLock { $0 += duration }
    }

    /// The clock, for `MockServerConfiguration.sessionClock`.
    var sessionClock: SessionClock {
        SessionClock(
            now: { [skipped] in .now + skipped.withLock { $0 } },
            date: { [skipped] in
                let skipped = skipped.withLock { $0 }.components
                return Date() + Double(skipped.seconds) + Double(skipped.attoseconds) / 1e18
            }
        )
    }
}
