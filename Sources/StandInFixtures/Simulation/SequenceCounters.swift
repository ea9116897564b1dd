import StandInSupport

/// Per-fixture sequence positions, shared by every thread that serves; thread-safe, resettable.
///
/// Positions are kept by fixture id, so a reload that keeps a fixture's id keeps its place in the sequence unless
/// `reset(fixtureIDs:)` names it.
public final class SequenceCounters: Sendable {
    /// The step each sequence fixture serves next, by fixture id; absent means step 0.
    private let positions = Locked<[String: Int]>([:])

    /// Creates counters with every sequence at its first step.
    public init() {}

    /// The step to serve for this request of `fixture`, advancing its position: 0, 1, 2, … then the last step
    /// again (`repeat-last`) or 0, 1, … again (`cycle`).
    ///
    /// Returns 0 without storing anything for fixtures that do not answer with a sequence of several steps.
    public func nextStep(for fixture: Fixture) -> Int {
        let count = fixture.stepCount
        guard fixture.isSequence, count > 1 else { return 0 }
        return positions.withLock { positions in
            // `min` guards against a stored position from a longer sequence under the same id.
            let step = min(positions[fixture.id] ?? 0, count - 1)
            positions[fixture.id] =
                switch fixture.afterLast {
                case .repeatLast: min(step + 1, count - 1)
                case .cycle: (step + 1) % count
                }
            return step
        }
    }

    /// Puts every sequence back at its first step.
    public func reset() {
        positions.withLock { $0.removeAll() }
    }

    /// Puts only these fixtures' sequences back at their first step (a reload resets the fixtures it changed).
    public func reset(fixtureIDs: some Sequence<String>) {
        positions.withLock { positions in
            for id in fixtureIDs { positions[id] = nil }
        }
    }
}
