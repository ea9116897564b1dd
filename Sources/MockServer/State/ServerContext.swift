import Logging
import StandInFixtures

/// The state every loop shares: the fixtures, simulation, journal, hit counts, access log and admin settings.
final class ServerContext: Sendable {
    let store: FixtureStore
    let simulation: Simulation
    /// Nil when the journal is off (`--journal-size 0`).
    let journal: Journal?
    let hits = HitCounts()
    let accessLog: AccessLog?
    let access: AdminAccess
    let logger: Logger

    init(
        store: FixtureStore,
        simulation: Simulation,
        journal: Journal?,
        accessLog: AccessLog?,
        access: AdminAccess,
        logger: Logger
    ) {
        self.store = store
        self.simulation = simulation
        self.journal = journal
        self.accessLog = accessLog
        self.access = access
        self.logger = logger
    }

    /// Reloads the mocks directory (with `onlyIfChanged`, only when a file changed), restarts the sequences of the
    /// fixtures whose files changed, and logs each broken file as `file:line: reason`.
    @discardableResult
    func reload(onlyIfChanged: Bool = false) -> ReloadOutcome? {
        guard let outcome = store.reload(onlyIfChanged: onlyIfChanged) else { return nil }
        simulation.sequences.reset(fixtureIDs: outcome.changedIDs)
        for diagnostic in outcome.diagnostics { logger.report(diagnostic) }
        if !outcome.keptIDs.isEmpty {
            logger.warning("still serving the last good version of: \(outcome.keptIDs.joined(separator: ", "))")
        }
        logger.info("reloaded: \(outcome.fixtureCount) fixture(s), \(outcome.diagnostics.count) problem(s)")
        return outcome
    }

    /// Back to the start: no run-time fixtures, every resource at its seed, every sequence at its first step, the
    /// command line's variants, an empty journal and no hits.
    func reset() {
        store.removeRuntimeFixtures()
        store.resources.reset()
        simulation.sequences.reset()
        simulation.variants.reset()
        journal?.clear()
        hits.reset()
    }
}
