import Foundation
import StandInSupport

/// One session: an id, a name, how long it may stay idle, and the state its requests are answered with.
final class Session: Sendable {
    /// The id a request names in `X-StandIn-Session` (`SessionID`'s shape).
    let id: String
    /// The name the caller gave, if any (shown in the list only).
    let name: String?
    /// How long the session lives without a request.
    let ttl: Duration
    /// What its requests change and read.
    let state: SessionState
    /// Its own listening port.
    let port: SessionPort
    private let lastUsed = Locked(ContinuousClock.now)

    init(id: String, name: String?, ttl: Duration, state: SessionState, port: SessionPort) {
        self.id = id
        self.name = name
        self.ttl = ttl
        self.state = state
        self.port = port
    }

    /// Marks the session used now, which starts its idle time over.
    func touch() {
        lastUsed.withLock { $0 = .now }
    }

    /// Whether the session has been idle for longer than its `ttl` at `now`.
    func hasExpired(at now: ContinuousClock.Instant = .now) -> Bool {
        lastUsed.withLock { $0 } + ttl < now
    }

    /// When the session expires if no request comes before, on the wall clock.
    var expiresAt: Date {
        let remaining = lastUsed.withLock { $0 } + ttl - .now
        let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
        return Date(timeIntervalSinceNow: seconds)
    }
}

/// The shape of a session id: 16 lowercase hexadecimal digits, random.
enum SessionID {
    /// How many characters an id has.
    static let length = 16

    /// A new random id.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: length - hex.count) + hex
    }

    /// Whether `text` has an id's shape.
    static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
