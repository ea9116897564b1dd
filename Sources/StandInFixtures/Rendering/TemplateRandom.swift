import StandInSupport

/// The random source of `{{randomInt}}` and `{{pick}}`: one generator shared by every request, so that a run started
/// with `--seed` draws the same values for the same order of requests.
public final class TemplateRandom: Sendable {
    private let generator: Locked<SeededGenerator>

    /// A source that repeats for `seed`, or a random one when `seed` is nil.
    public init(seed: UInt64?) {
        // Mixed with a constant so that templates and chaos, seeded alike, do not draw the same numbers.
        generator = Locked(seed.map { SeededGenerator(seed: $0 ^ 0x7465_6D70_6C61_7465) } ?? SeededGenerator())
    }

    /// A number in `range`.
    public func int(in range: ClosedRange<Int>) -> Int {
        generator.withLock { Int.random(in: range, using: &$0) }
    }
}
