/// Calls `operation` until its result satisfies `isDone`, waiting `interval` between calls, and gives up with
/// ``PollingTimeoutError`` when the next call would start after `timeout`.
///
/// ```swift
/// let job = try await poll(
///     every: .seconds(1),
///     timeout: .seconds(30),
///     until: { $0.state == "done" },
///     operation: { try await client.send(API.Jobs.Status(id: id)) }
/// )
/// ```
///
/// An error from `operation` ends polling and is rethrown; cancelling the task ends the wait at once with
/// `CancellationError`. ``APIClient/poll(_:every:timeout:until:)`` does the same for one endpoint.
public func poll<Value: Sendable>(
    every interval: Duration,
    timeout: Duration,
    until isDone: (Value) throws -> Bool,
    operation: () async throws -> Value
) async throws -> Value {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var attempts = 0
    while true {
        try Task.checkCancellation()
        let value = try await operation()
        attempts += 1
        if try isDone(value) { return value }
        guard clock.now.advanced(by: interval) <= deadline else {
            throw PollingTimeoutError(attempts: attempts, timeout: timeout)
        }
        try await Task.sleep(for: interval)
    }
}

/// Polling ran out of time before the result was what the caller waited for.
public struct PollingTimeoutError: Error, Sendable, CustomStringConvertible {
    /// How many times the operation ran.
    public let attempts: Int
    /// The time polling was allowed.
    public let timeout: Duration

    /// Creates the error.
    public init(attempts: Int, timeout: Duration) {
        self.attempts = attempts
        self.timeout = timeout
    }

    /// What happened, in a sentence.
    public var description: String {
        "Polling gave up after \(attempts) attempt(s) in \(timeout): the result never met its condition."
    }
}
