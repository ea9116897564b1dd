/// One session: an id, a name, the state its requests are answered with (and its lease), and its port.
final class Session: Sendable {
    /// The id a request names in `X-StandIn-Session` (`SessionID`'s shape).
    let id: String
    /// The name the caller gave, if any (shown in the list only).
    let name: String?
    /// What its requests change and read.
    let state: SessionState
    /// How long it lives without a request.
    let lease: SessionLease
    /// Its own listening port.
    let port: SessionPort

    init(id: String, name: String?, state: SessionState, lease: SessionLease, port: SessionPort) {
        self.id = id
        self.name = name
        self.state = state
        self.lease = lease
        self.port = port
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
