import Fixtures

/// The fixtures a server answers from and the project settings they were compiled with.
struct FixtureSet: Sendable {
    /// The fixtures, indexed for matching.
    let index: FixtureIndex
    /// The settings (envelope format, default headers).
    let config: ProjectConfig

    init(_ loaded: FixtureLoadResult) {
        index = FixtureIndex(loaded.fixtures)
        config = loaded.config
    }
}
