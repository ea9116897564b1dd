import Foundation
import StandInFixtures
import StandInSupport

/// Where the current `FixtureSet` lives, and the only place that changes it: run-time fixtures are added and removed
/// here, and the mocks directory is reloaded here.
///
/// Every change builds a whole new set and publishes it with one swap, so a request sees the old set or the new one,
/// never half of each. Loops read `current` once per request (a short lock and one retain); changes are serialized
/// by a second lock that requests never take.
final class FixtureStore: Sendable {
    /// What a change works from: the file fixtures last loaded (or kept), the run-time ones, the settings.
    private struct State {
        var files: [Fixture]
        /// The resources last loaded (or kept), which `resources` serves.
        var resources: [ResourceDefinition]
        var runtime: [Fixture] = []
        /// The bytes of fixture JSON each run-time fixture was added with, by id.
        var runtimeSizes: [String: Int] = [:]
        var config: ProjectConfig
        var nextRuntimeNumber = 1
        var snapshot: MocksSnapshot
    }

    /// The prefix of run-time fixture ids (`runtime/1`).
    static let runtimePrefix = "runtime/"
    /// The most bytes of fixture JSON the server's own run-time fixtures hold together.
    static let runtimeBytes = 64 << 20
    /// The same for a session's run-time fixtures.
    static let sessionRuntimeBytes = 4 << 20

    /// The most bytes of fixture JSON this store's run-time fixtures hold together; an add past it is refused.
    let runtimeByteBudget: Int

    let loader: FixtureLoader
    /// The items of every `"resource"` fixture, seeded from the load at start and following reloads; each session's
    /// store has its own.
    let resources: ResourceStore
    private let published: Locked<FixtureSet>
    private let state: Locked<State>

    /// Loads the mocks directory. Throws when the directory cannot be read.
    init(loader: FixtureLoader) throws {
        self.loader = loader
        runtimeByteBudget = Self.runtimeBytes
        let snapshot = MocksSnapshot(directory: loader.directory)
        let loaded = try loader.load()
        initialLoad = loaded
        resources = ResourceStore(loaded.resources)
        state = Locked(
            State(files: loaded.fixtures, resources: loaded.resources, config: loaded.config, snapshot: snapshot)
        )
        published = Locked(FixtureSet(files: loaded.fixtures, runtime: [], config: loaded.config))
    }

    /// A store for one session: `main`'s file fixtures and settings, and run-time fixtures of its own. It follows
    /// the files when `rebase(on:)` is called after each reload of `main`.
    init(sessionOf main: FixtureStore) {
        loader = main.loader
        runtimeByteBudget = Self.sessionRuntimeBytes
        initialLoad = main.initialLoad
        resources = main.resources.seededCopy()
        let files = main.state.withLock {
            State(files: $0.files, resources: $0.resources, config: $0.config, snapshot: $0.snapshot)
        }
        state = Locked(files)
        published = Locked(FixtureSet(files: files.files, runtime: [], config: files.config))
    }

    /// The result of the load at start, diagnostics included.
    let initialLoad: FixtureLoadResult

    /// Takes `main`'s file fixtures, resources and settings, keeping this store's run-time fixtures and the items of
    /// resources whose files did not change (a session's store after a reload).
    func rebase(on main: FixtureStore) {
        let (files, definitions, config) = main.state.withLock { ($0.files, $0.resources, $0.config) }
        state.withLock { state in
            state.files = files
            state.resources = definitions
            state.config = config
            resources.update(to: definitions)
            publish(state)
        }
    }

    /// The set requests are answered from now.
    var current: FixtureSet { published.withLock { $0 } }

    /// The fixtures requests are answered from now and each resource as the fixture of its endpoint (`ANY /todos`),
    /// ordered by id: what the admin API lists and selects variants from.
    var endpointFixtures: [Fixture] {
        (current.fixtures + resources.definitions.map(\.fixture)).sorted { $0.id < $1.id }
    }

    /// How many fixtures there are now, resources included: as many as `endpointFixtures` lists.
    var count: Int {
        state.withLock { count($0) }
    }

    /// Why `add` refused a run-time fixture.
    enum AddFailure: Error {
        /// The bytes are not a valid fixture.
        case invalid(FixtureError)
        /// They would take the run-time fixtures past `runtimeByteBudget` bytes.
        case overBudget(budget: Int)
    }

    /// Checks `bytes` like a fixture file and adds it under a new id (`runtime/1`, `runtime/2`, …), unless the
    /// run-time fixtures would then hold more than `runtimeByteBudget` bytes of fixture JSON.
    func add(_ bytes: [UInt8]) throws(AddFailure) -> Fixture {
        let result = state.withLock { state -> Result<Fixture, AddFailure> in
            guard state.runtimeSizes.values.reduce(bytes.count, +) <= runtimeByteBudget else {
                return .failure(.overBudget(budget: runtimeByteBudget))
            }
            let id = Self.runtimePrefix + String(state.nextRuntimeNumber)
            let fixture: Fixture
            do throws(FixtureError) {
                fixture = try loader.decodeFixture(bytes, id: id, config: state.config)
            } catch {
                return .failure(.invalid(error))
            }
            state.nextRuntimeNumber += 1
            state.runtime.append(fixture)
            state.runtimeSizes[id] = bytes.count
            publish(state)
            return .success(fixture)
        }
        return try result.get()
    }

    /// What removing a fixture did.
    enum Removal {
        case removed
        case notRuntime
        case unknown
    }

    /// Removes a run-time fixture; file fixtures stay (edit or delete the file instead).
    func remove(id: String) -> Removal {
        state.withLock { state in
            if let position = state.runtime.firstIndex(where: { $0.id == id }) {
                state.runtime.remove(at: position)
                state.runtimeSizes[id] = nil
                publish(state)
                return .removed
            }
            return state.files.contains { $0.id == id } ? .notRuntime : .unknown
        }
    }

    /// Drops every run-time fixture; returns their ids.
    @discardableResult
    func removeRuntimeFixtures() -> [String] {
        state.withLock { state in
            let ids = state.runtime.map(\.id)
            state.runtime.removeAll()
            state.runtimeSizes.removeAll()
            publish(state)
            return ids
        }
    }

    /// Reloads the mocks directory and swaps the new set in whole. A broken file keeps its last good version; a
    /// broken `standin.json` keeps everything as it was. A resource whose file changed starts again from its seed;
    /// the others keep their items. With `onlyIfChanged`, returns nil without reading the
    /// fixtures when no file's modification time or size changed.
    func reload(onlyIfChanged: Bool = false) -> ReloadOutcome? {
        state.withLock { state in
            let snapshot = MocksSnapshot(directory: loader.directory)
            if onlyIfChanged, snapshot == state.snapshot { return nil }
            let changed = snapshot.changedPaths(since: state.snapshot)
            state.snapshot = snapshot
            let loaded: FixtureLoadResult
            do {
                loaded = try loader.load()
            } catch {
                let diagnostic = Diagnostic(
                    file: loader.directory.path,
                    line: 1,
                    reason: "\(error); nothing was reloaded"
                )
                return ReloadOutcome(diagnostics: [diagnostic], changedIDs: [], keptIDs: [], fixtureCount: count(state))
            }
            if loaded.brokenIDs.contains(ProjectConfig.fileName) {
                return ReloadOutcome(
                    diagnostics: loaded.diagnostics,
                    changedIDs: [],
                    keptIDs: state.files.map(\.id),
                    fixtureCount: count(state)
                )
            }
            let kept = state.files.filter { loaded.brokenIDs.contains($0.id) }
            let keptResources = state.resources.filter { loaded.brokenIDs.contains($0.id) }
            state.files = loaded.fixtures + kept
            state.resources = (loaded.resources + keptResources).sorted { $0.id < $1.id }
            state.config = loaded.config
            resources.update(to: state.resources)
            publish(state)
            return ReloadOutcome(
                diagnostics: loaded.diagnostics,
                changedIDs: changed.subtracting(loaded.brokenIDs),
                keptIDs: (kept.map(\.id) + keptResources.map(\.id)).sorted(),
                fixtureCount: count(state)
            )
        }
    }

    private func count(_ state: State) -> Int {
        state.files.count + state.resources.count + state.runtime.count
    }

    private func publish(_ state: State) {
        let set = FixtureSet(files: state.files, runtime: state.runtime, config: state.config)
        published.withLock { $0 = set }
    }
}

/// What a reload found and did.
struct ReloadOutcome: Sendable {
    /// One per broken file, `file:line: reason`.
    let diagnostics: [Diagnostic]
    /// The fixture ids whose files were added, edited or removed (and loaded fine): their sequences start over.
    let changedIDs: Set<String>
    /// The broken files whose last good version still serves.
    let keptIDs: [String]
    /// How many fixtures serve now.
    let fixtureCount: Int
}
