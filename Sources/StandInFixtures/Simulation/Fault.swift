/// A way to break a response on purpose, as backends and networks do.
///
/// In a fixture: `"fault": "connection-reset"`, or `"fault": { "type": "slow-body", "bytesPerSecond": 512 }`.
/// In `X-StandIn-Fault` and `--fail-rate`: the name.
public enum Fault: Sendable, Equatable, CustomStringConvertible {
    /// Close the connection with a TCP reset, sending nothing.
    case connectionReset
    /// Close the connection cleanly, sending nothing.
    case emptyResponse
    /// Send a complete response whose body is cut in the middle (invalid JSON for a JSON body).
    case malformedBody
    /// Never answer: hold the request until the client gives up (or the server's maximum hold time passes).
    case timeout
    /// Send the head, then trickle the body at this many bytes per second.
    case slowBody(bytesPerSecond: Int)
    /// Reset the connection part-way through the answer: after this many events of a stream (nil: half of them),
    /// or after the head and half the body of any other response.
    case cutStream(afterEvents: Int?)

    /// The body rate `slow-body` uses when none is given.
    public static let defaultBytesPerSecond = 1024

    /// Parses a fault name: `connection-reset`, `empty-response`, `malformed-body`, `timeout`, `slow-body`,
    /// `cut-stream`.
    public init(name: some StringProtocol) throws(FixtureError) {
        switch name.trimmingASCIIWhitespace {
        case "connection-reset": self = .connectionReset
        case "empty-response": self = .emptyResponse
        case "malformed-body": self = .malformedBody
        case "timeout": self = .timeout
        case "slow-body": self = .slowBody(bytesPerSecond: Self.defaultBytesPerSecond)
        case "cut-stream": self = .cutStream(afterEvents: nil)
        default:
            throw FixtureError(
                "unknown fault \(String(name).quoted); use connection-reset, empty-response, malformed-body, "
                    + "timeout, slow-body or cut-stream"
            )
        }
    }

    /// Parses the fixture form: a name, or an object with `type` (and `bytesPerSecond` for `slow-body`,
    /// `afterEvents` for `cut-stream`).
    public init(json node: JSONNode) throws(FixtureError) {
        if let name = node.stringValue {
            try self.init(name: name)
            return
        }
        let object = try ObjectReader(node, context: "fault")
        try object.requireKnownKeys(["type", "bytesPerSecond", "afterEvents"])
        guard let (name, _) = try object.string("type") else {
            throw FixtureError("fault needs a \"type\"", line: node.line)
        }
        try self.init(name: name)
        if let rate = try object.int("bytesPerSecond", in: 1...1_000_000_000) {
            guard case .slowBody = self else {
                throw FixtureError("bytesPerSecond applies only to slow-body", line: node.line)
            }
            self = .slowBody(bytesPerSecond: rate)
        }
        if let count = try object.int("afterEvents", in: 0...1_000_000) {
            guard case .cutStream = self else {
                throw FixtureError("afterEvents applies only to cut-stream", line: node.line)
            }
            self = .cutStream(afterEvents: count)
        }
    }

    /// The fault's name, as fixtures and headers write it.
    public var description: String {
        switch self {
        case .connectionReset: "connection-reset"
        case .emptyResponse: "empty-response"
        case .malformedBody: "malformed-body"
        case .timeout: "timeout"
        case .slowBody: "slow-body"
        case .cutStream: "cut-stream"
        }
    }
}
