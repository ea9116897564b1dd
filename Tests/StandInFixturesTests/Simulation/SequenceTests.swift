import Dispatch
import Foundation
import StandInFixtures
import Testing

@Suite struct SequenceTests {
    private static func jobs(afterLast: String? = nil, path: String = "/jobs/{id}") -> String {
        let afterLastMember = afterLast.map { #", "afterLast": "\#($0)""# } ?? ""
        return """
            {
              "request": { "path": "\(path)" },
              "sequence": [
                { "status": 503, "headers": { "Retry-After": "1" } },
                { "status": 502, "delay": "2s" },
                { "envelope": { "data": { "state": "done" } } }
              ],
              "variants": {
                "teapot": { "status": 418 },
                "traced": { "headers": { "X-Trace": "on" }, "fault": "timeout" }
              }\(afterLastMember)
            }
            """
    }

    @Test func stepsAreServedInOrderAndTheDefaultResponseIsTheFirst() throws {
        let jobs = try fixture(Self.jobs())
        #expect(jobs.isSequence)
        #expect(jobs.stepCount == 3)
        #expect(jobs.afterLast == .repeatLast)
        #expect(try (0..<3).map { try jobs.response(step: $0, variant: nil).status } == [503, 502, 200])
        #expect(jobs.response === (try jobs.response(step: 0, variant: nil)))
        #expect(try jobs.response(step: 1, variant: nil).delay == .fixed(.seconds(2)))
        #expect(try jobs.response(step: 2, variant: nil).headers.map(\.name) == ["Content-Type"])
    }

    @Test func stepsPastTheLastFollowAfterLast() throws {
        let repeating = try fixture(Self.jobs(afterLast: "repeat-last"))
        #expect(
            try [3, 4, 100, -1].map { try repeating.response(step: $0, variant: nil).status } == [200, 200, 200, 503]
        )
        let cycling = try fixture(Self.jobs(afterLast: "cycle"))
        #expect(cycling.afterLast == .cycle)
        #expect(
            try [3, 4, 5, 100].map { try cycling.response(step: $0, variant: nil).status } == [503, 502, 200, 502]
        )
    }

    @Test func aVariantAppliesToEveryStep() throws {
        let jobs = try fixture(Self.jobs())
        #expect(try (0..<3).map { try jobs.response(step: $0, variant: "teapot").status } == [418, 418, 418])
        #expect(try jobs.response(step: 1, variant: "teapot").delay == .fixed(.seconds(2)))
        let traced = try (0..<3).map { try jobs.response(step: $0, variant: "traced") }
        #expect(traced.map(\.status) == [503, 502, 200])
        #expect(traced.allSatisfy { $0.fault == .timeout })
        #expect(traced.allSatisfy { $0.headers.contains { $0.name == "X-Trace" } })
        #expect(!traced.contains { $0.headers.contains { $0.name == "Retry-After" } })
        #expect(traced[2].headers.map(\.name).sorted() == ["Content-Type", "X-Trace"])
        #expect(throws: UnknownVariant.self) { try jobs.response(step: 0, variant: "none") }
    }

    @Test func repeatLastCountsUpThenStays() throws {
        let jobs = try fixture(Self.jobs())
        let counters = SequenceCounters()
        #expect((0..<6).map { _ in counters.nextStep(for: jobs) } == [0, 1, 2, 2, 2, 2])
    }

    @Test func cycleStartsOver() throws {
        let jobs = try fixture(Self.jobs(afterLast: "cycle"))
        let counters = SequenceCounters()
        #expect((0..<7).map { _ in counters.nextStep(for: jobs) } == [0, 1, 2, 0, 1, 2, 0])
    }

    @Test func singleResponsesAndOneStepSequencesAlwaysServeStepZero() throws {
        let single = try fixture(#"{"request": {"path": "/a"}, "response": {"status": 201}}"#)
        let oneStep = try fixture(#"{"request": {"path": "/b"}, "sequence": [{"status": 202}], "afterLast": "cycle"}"#)
        #expect(!single.isSequence)
        #expect(oneStep.isSequence)
        let counters = SequenceCounters()
        #expect((0..<3).map { _ in counters.nextStep(for: single) } == [0, 0, 0])
        #expect((0..<3).map { _ in counters.nextStep(for: oneStep) } == [0, 0, 0])
        #expect(try oneStep.response(step: 5, variant: nil).status == 202)
    }

    @Test func resetPutsEverySequenceBack() throws {
        let a = try fixture(Self.jobs(), id: "a.json")
        let b = try fixture(Self.jobs(afterLast: "cycle"), id: "b.json")
        let counters = SequenceCounters()
        _ = counters.nextStep(for: a)
        _ = counters.nextStep(for: b)
        counters.reset()
        #expect(counters.nextStep(for: a) == 0)
        #expect(counters.nextStep(for: b) == 0)
    }

    @Test func resetOfSomeFixturesKeepsTheOthers() throws {
        let a = try fixture(Self.jobs(), id: "a.json")
        let b = try fixture(Self.jobs(), id: "b.json")
        let counters = SequenceCounters()
        _ = (counters.nextStep(for: a), counters.nextStep(for: b))
        counters.reset(fixtureIDs: ["a.json", "missing.json"])
        #expect(counters.nextStep(for: a) == 0)
        #expect(counters.nextStep(for: b) == 1)
        counters.reset(fixtureIDs: [String]())
        #expect(counters.nextStep(for: a) == 1)
    }

    @Test func positionsFollowTheFixtureIdAcrossReloads() throws {
        let before = try fixture(Self.jobs(), id: "jobs.json")
        let counters = SequenceCounters()
        _ = counters.nextStep(for: before)
        let reloaded = try fixture(Self.jobs(), id: "jobs.json")
        #expect(counters.nextStep(for: reloaded) == 1)
    }

    @Test(arguments: [AfterLast.repeatLast, .cycle])
    func concurrentRequestsEachGetOneStep(afterLast: AfterLast) throws {
        let jobs = try fixture(Self.jobs(afterLast: afterLast.rawValue))
        let counters = SequenceCounters()
        let collected = StepTally()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var steps: [Int] = []
            for _ in 0..<1_000 {
                steps.append(counters.nextStep(for: jobs))
            }
            collected.add(steps)
        }
        let expected: [Int: Int] =
            switch afterLast {
            case .repeatLast: [0: 1, 1: 1, 2: 7_998]
            case .cycle: [0: 2_667, 1: 2_667, 2: 2_666]
            }
        #expect(collected.counts == expected)
    }
}

/// How often each step was served, gathered from several threads.
///
/// `@unchecked Sendable` is safe: `tally` is read and written only while `lock` is held.
private final class StepTally: @unchecked Sendable {
    private let lock = NSLock()
    private var tally: [Int: Int] = [:]

    func add(_ steps: [Int]) {
        lock.lock()
        defer { lock.unlock() }
        for step in steps {
            tally[step, default: 0] += 1
        }
    }

    var counts: [Int: Int] {
        lock.lock()
        defer { lock.unlock() }
        return tally
    }
}
