import Foundation
import StandInTesting
import Testing

/// Not a test: the measurement `Benchmarks/session-trait.sh` runs (only with `STANDIN_TRAIT_OVERHEAD=1`, against the
/// StandIn at `STANDIN_URL`). It prints the median time of 100 runs of an empty test body inside the trait's scope
/// (a session started and ended) and of 100 bare runs, and asserts nothing about them.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STANDIN_TRAIT_OVERHEAD"] == "1"))
struct SessionTraitOverhead {
    @Test func medianOfAHundredScopes() async throws {
        let trait = StandInSessionTrait.standInSession
        let test = try #require(Test.current)
        let clock = ContinuousClock()
        var scoped: [Duration] = []
        var bare: [Duration] = []
        for _ in 0..<100 {
            let start = clock.now
            try await trait.provideScope(for: test, testCase: Test.Case.current) {}
            scoped.append(clock.now - start)
            let bareStart = clock.now
            try await Self.emptyBody()
            bare.append(clock.now - bareStart)
        }
        func median(_ values: [Duration]) -> Double {
            let sorted = values.sorted()
            let middle = sorted[sorted.count / 2]
            return Double(middle.components.seconds) * 1_000 + Double(middle.components.attoseconds) / 1e15
        }
        func milliseconds(_ value: Double) -> String { String(format: "%.3f ms", value) }
        print(
            "session-trait: median of 100: with .standInSession \(milliseconds(median(scoped))), "
                + "bare \(milliseconds(median(bare))), added \(milliseconds(median(scoped) - median(bare)))"
        )
    }

    private static func emptyBody() async throws {}
}
