import Testing

extension Trait where Self == OwnThreadTrait {
    /// Runs each test of the suite (each case of a parameterized one) with its jobs on a thread of its own (see
    /// `onOwnExecutor`). Every suite declares it, so that no test's work, however long it takes the CPU or blocks,
    /// holds Swift concurrency's shared threads, which the timers and URLSession answers of every other test need.
    public static var threadPerTest: Self { Self() }
}

/// The trait of `.threadPerTest`.
public struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// A scope for each test case; none for a suite as a whole, whose tests each get their own.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await onOwnExecutor { try await function() }
    }
}
