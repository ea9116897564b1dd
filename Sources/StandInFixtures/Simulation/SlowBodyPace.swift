/// How a `slow-body` fault trickles a body: one piece with the head, then one piece every `tick`, each a tenth of the
/// rate (at least one byte). The server sends on this schedule; `MockRegistry` waits as long as it would take.
public struct SlowBodyPace: Sendable {
    /// How often the next piece goes out.
    public static let tick = Duration.milliseconds(100)

    /// How many bytes each piece holds.
    public let bytesPerTick: Int

    /// The pace of `slow-body` at `bytesPerSecond`.
    public init(bytesPerSecond: Int) {
        bytesPerTick = max(1, bytesPerSecond / 10)
    }

    /// How long a body of `count` bytes takes to arrive once its first piece has gone out with the head.
    public func duration(ofBody count: Int) -> Duration {
        let pieces = max(1, (count + bytesPerTick - 1) / bytesPerTick)
        return Self.tick * (pieces - 1)
    }
}
