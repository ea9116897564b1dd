import StandInSupport

/// Per-fixture sequence positions, shared by every thread that serves; thread-safe, resettable.
///
/// Positions are kept by fixture id, so a reload that keeps a fixture's id keeps its place in the sequence unless
/// `reset(fixtureIDs:)` names it. A fixture counted `sequenceBy` a request value keeps a position per value: at most
/// `maxValues` values in all, each cut to `maxValueBytes`; past that, a new value is served the first step without
/// being counted.
public final class SequenceCounters: Sendable {
    /// The most request values counted separately, over every fixture.
    public static let maxValues = 10_000
    /// The longest request value kept; longer ones are counted by this prefix.
    public static let maxValueBytes = 256

    private struct State {
        /// Fixture id -> request value ("" when not counted by value) -> the step it serves next; absent means 0.
        var positions: [String: [String: Int]] = [:]
        /// How many values are counted, for `maxValues`.
        var valueCount = 0
    }

    private let state = Locked(State())

    /// Creates counters with every sequence at its first step.
    public init() {}

    /// The step to serve for this request of `fixture`, advancing its position: 0, 1, 2, … then the last step
    /// again (`repeat-last`) or 0, 1, … again (`cycle`).
    ///
    /// Returns 0 without storing anything for fixtures that do not answer with a sequence of several steps.
    /// - Parameter value: the request's value of the fixture's `sequenceBy`, if it has one.
    public func nextStep(for fixture: Fixture, value: String? = nil) -> Int {
        let count = fixture.stepCount
        guard fixture.isSequence, count > 1 else { return 0 }
        let key = value.map { String(decoding: $0.utf8.prefix(Self.maxValueBytes), as: UTF8.self) } ?? ""
        return state.withLock { state in
            let stored = state.positions[fixture.id]?[key]
            if stored == nil, !key.isEmpty {
                guard state.valueCount < Self.maxValues else { return 0 }
                state.valueCount += 1
            }
            // `min` guards against a stored position from a longer sequence under the same id.
            let step = min(stored ?? 0, count - 1)
            state.positions[fixture.id, default: [:]][key] =
                switch fixture.afterLast {
                case .repeatLast: min(step + 1, count - 1)
                case .cycle: (step + 1) % count
                }
            return step
        }
    }

    /// Puts every sequence back at its first step.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Puts only these fixtures' sequences back at their first step (a reload resets the fixtures it changed).
    public func reset(fixtureIDs: some Sequence<String>) {
        state.withLock { state in
            for id in fixtureIDs {
                guard let removed = state.positions.removeValue(forKey: id) else { continue }
                state.valueCount -= removed.keys.filter { !$0.isEmpty }.count
            }
        }
    }
}
