import StandInFixtures
import StandInSupport

/// The mutable state a request is answered with: run-time fixtures (beside the shared file fixtures), resource
/// items, sequence positions, variant selections and the journal. The server's own state is one; each session has another, so that
/// tests running in parallel never see each other's changes.
///
/// A request finds its state once, when it arrives; everything it changes after that is in this object.
final class SessionState: Sendable {
    /// The file fixtures (shared), and this state's run-time fixtures and resource items.
    let fixtures: FixtureStore
    /// This state's sequence positions and variant selections.
    let chooser: ResponseChooser
    /// This state's journal; nil when the journal is off (`--journal-size 0`).
    let journal: Journal?

    /// State answering from `fixtures`, choosing with `chooser`, journaling into `journal`.
    init(fixtures: FixtureStore, chooser: ResponseChooser, journal: Journal?) {
        self.fixtures = fixtures
        self.chooser = chooser
        self.journal = journal
    }

    /// A fresh state beside `main`: the same files and start-up variants, no run-time fixtures, every resource at its
    /// seed, every sequence at its first step, and an empty journal of `main`'s capacity and `journalBytes` bytes,
    /// whose entries reach the dashboard through `main`'s feed as coming from `origin`.
    convenience init(
        beside main: SessionState,
        variants: [String: String],
        journalBytes: Int,
        origin: JournalFeed.Origin
    ) {
        self.init(
            fixtures: FixtureStore(sessionOf: main.fixtures),
            chooser: ResponseChooser(variants: variants),
            journal: main.journal.map {
                Journal(capacity: $0.capacity, byteLimit: journalBytes, feed: $0.feed, origin: origin)
            }
        )
    }

    /// Back to the start: no run-time fixtures, every resource at its seed, every sequence at its first step, the
    /// start-up variants and an empty journal.
    func reset() {
        fixtures.removeRuntimeFixtures()
        fixtures.resources.reset()
        chooser.reset()
        journal?.clear()
    }
}
