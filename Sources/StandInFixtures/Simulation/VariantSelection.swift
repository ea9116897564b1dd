import Foundation

/// Which variant each endpoint serves when a request does not name one (set by `--variant` and the admin API);
/// thread-safe.
///
/// Endpoints are written as `Fixture.endpoint` writes them: `GET /users/{id}`. The selection does not check that
/// the fixtures have the variant; `Fixture.response(step:variant:)` does, when the variant is served.
///
/// `@unchecked Sendable` is safe: the only mutable state is `selected`, read and written only while `lock` is held.
/// (`Synchronization.Mutex` needs newer platforms than the package supports.)
public final class VariantSelection: @unchecked Sendable {
    private let lock = NSLock()
    /// What the selection started with; `reset()` returns to it.
    private let initial: [String: String]
    /// Endpoint -> variant name.
    private var selected: [String: String]

    /// Creates a selection.
    /// - Parameter initial: endpoint (`GET /users/{id}`) -> variant name, as the command line gave them.
    public init(_ initial: [String: String] = [:]) {
        self.initial = initial
        selected = initial
    }

    /// The variant selected for `fixture`'s endpoint, if any.
    public func variant(for fixture: Fixture) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return selected.isEmpty ? nil : selected[fixture.endpoint]
    }

    /// Selects `variant` for `endpoint`; nil clears the endpoint's selection.
    public func set(_ variant: String?, for endpoint: String) {
        lock.lock()
        defer { lock.unlock() }
        selected[endpoint] = variant
    }

    /// Every selection: endpoint -> variant name.
    public var all: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        return selected
    }

    /// Returns to the selection the instance was created with (the command line's), dropping later changes.
    public func reset() {
        lock.lock()
        defer { lock.unlock() }
        selected = initial
    }
}
