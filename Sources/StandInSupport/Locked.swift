import Foundation

/// A value guarded by a lock, for state that several threads share: the one lock of the client core, the fixture and
/// the server modules (and the server's engine); no module takes a lock of its own.
///
/// `@unchecked Sendable` is safe because every access to `value` goes through `withLock`, which holds `lock`.
/// (`Synchronization.Mutex` would do the same but needs macOS 15, and the package still builds for macOS 13.)
///
/// Public rather than `package`: the compiler specializes an inlinable generic from another module only when it is
/// public, and `withLock` runs several times per request. No product exports this module.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Inlinable, so that callers in other modules have it
    /// specialized for their value.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
