import StandInSupport

/// Which variant each endpoint serves when a request does not name one (set by `--variant`, the admin API or
/// `MockRegistry.setVariant`); thread-safe.
///
/// Endpoints are written as `Fixture.endpoint` writes them: `GET /users/{id}`. The selection does not check that
/// the fixtures have the variant; `Fixture.response(step:variant:)` does, when the variant is served.
public final class VariantSelection: Sendable {
    private struct State {
        /// Endpoint -> variant name.
        var selected: [String: String]
        /// The variant of every endpoint without its own selection.
        var everyEndpoint: String?
    }

    /// What the selection started with; `reset()` returns to it.
    private let initial: [String: String]
    private let state: Locked<State>

    /// Creates a selection.
    /// - Parameter initial: endpoint (`GET /users/{id}`) -> variant name, as the command line gave them.
    public init(_ initial: [String: String] = [:]) {
        self.initial = initial
        state = Locked(State(selected: initial))
    }

    /// The variant selected for `fixture`'s endpoint, else the one selected for every endpoint, if any.
    public func variant(for fixture: Fixture) -> String? {
        state.withLock { state in
            (state.selected.isEmpty ? nil : state.selected[fixture.endpoint]) ?? state.everyEndpoint
        }
    }

    /// Selects `variant` for `endpoint`; nil clears the endpoint's selection.
    public func set(_ variant: String?, for endpoint: String) {
        state.withLock { $0.selected[endpoint] = variant }
    }

    /// Selects `variant` for every endpoint without a selection of its own; nil clears it.
    public func setForEveryEndpoint(_ variant: String?) {
        state.withLock { $0.everyEndpoint = variant }
    }

    /// Every endpoint's own selection: endpoint -> variant name.
    public var all: [String: String] {
        state.withLock { $0.selected }
    }

    /// Returns to the selection the instance was created with (the command line's), dropping later changes.
    public func reset() {
        state.withLock { $0 = State(selected: initial) }
    }
}
