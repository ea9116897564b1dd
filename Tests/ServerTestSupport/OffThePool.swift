import Foundation

/// Runs blocking work (a raw socket read, a child process and the wait for it) on a thread of its own, so that it
/// does not hold one of the few threads that Swift concurrency (or Dispatch) runs every test, and the server's
/// upstream calls, on.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
