import StandInFixtures

/// One immutable generation of the fixtures a server answers from: the files' fixtures, the run-time ones, and the
/// project settings they were compiled with. Every change builds a new set; loops read whichever is current.
final class FixtureSet: Sendable {
    /// The fixtures, indexed for matching.
    let index: FixtureIndex
    /// The settings (envelope format, default headers).
    let config: ProjectConfig
    /// The ids of the fixtures added through the admin API.
    let runtimeIDs: Set<String>
    /// The fixtures that read their request bodies slowly (a `readRate`, or a network with an uplink limit on their
    /// default response), by id.
    let slowReaders: [Fixture]

    init(files: [Fixture], runtime: [Fixture], config: ProjectConfig) {
        index = FixtureIndex(files, preferred: runtime)
        self.config = config
        runtimeIDs = Set(runtime.map(\.id))
        slowReaders = index.fixtures.filter { $0.request.readRate != nil || $0.response.network?.up != nil }
    }

    /// Every fixture, ordered by id.
    var fixtures: [Fixture] { index.fixtures }
}
