/// How a network between the app and its backend behaves: a downlink and an uplink rate, a latency before the first
/// byte, and a jitter added to that latency. A response, a variant, a request (`X-StandIn-Network`) or the whole
/// server (`serve --network`) names one; the presets follow Apple's Network Link Conditioner, and `standin.json`
/// may add others (`"networks": {"hotel": {"down": "2Mbps", "up": "512kbps", "latency": "80ms", "jitter": "30ms"}}`).
///
/// A class, so that every request's plan carries one reference to its profile rather than a copy of its figures.
public final class NetworkProfile: Sendable, Equatable, CustomStringConvertible {
    /// The name fixtures, headers and the command line use.
    public let name: String
    /// The rate a response's body arrives at, in bytes per second; nil for no limit.
    public let down: Int?
    /// The rate a request's body is read at, in bytes per second; nil for no limit.
    public let up: Int?
    /// The wait before an answer's first byte.
    public let latency: Duration
    /// The most a request's wait may exceed `latency` by: each request waits `latency` plus a draw from 0 to this,
    /// from the server's seeded random source (`--seed`).
    public let jitter: Duration

    /// A profile with these figures.
    public init(name: String, down: Int?, up: Int?, latency: Duration, jitter: Duration = .zero) {
        self.name = name
        self.down = down
        self.up = up
        self.latency = latency
        self.jitter = jitter
    }

    /// The presets, after the Network Link Conditioner's: `edge`, `3g`, `lte`, `wifi` and `very-bad`.
    public static let presets = [
        NetworkProfile(name: "edge", down: 30_000, up: 25_000, latency: .milliseconds(400)),
        NetworkProfile(name: "3g", down: 97_500, up: 41_250, latency: .milliseconds(100)),
        NetworkProfile(name: "lte", down: 6_250_000, up: 1_250_000, latency: .milliseconds(50)),
        NetworkProfile(name: "wifi", down: 5_000_000, up: 4_125_000, latency: .milliseconds(1)),
        NetworkProfile(name: "very-bad", down: 125_000, up: 125_000, latency: .milliseconds(500)),
    ]

    /// How long a body of `count` bytes takes to arrive at `down` once its first piece went out with the head (the
    /// pace of `slow-body`); zero without a downlink limit.
    public func bodyDuration(of count: Int) -> Duration {
        guard let down else { return .zero }
        return SlowBodyPace(bytesPerSecond: down).duration(ofBody: count)
    }

    public var description: String { name }

    public static func == (left: NetworkProfile, right: NetworkProfile) -> Bool {
        (left.name, left.down, left.up, left.latency, left.jitter)
            == (right.name, right.down, right.up, right.latency, right.jitter)
    }
}

extension NetworkProfile {
    /// Reads a custom profile of `standin.json`: `down`, `up`, `latency` and `jitter`, each optional (a rate not
    /// given is not limited; a duration not given is zero).
    convenience init(name: String, parsing object: ObjectReader) throws(FixtureError) {
        try object.requireKnownKeys(["down", "up", "latency", "jitter"])
        func rate(_ key: String) throws(FixtureError) -> Int? {
            guard let (text, line) = try object.string(key) else { return nil }
            do {
                return try ByteRate.parse(text)
            } catch {
                throw FixtureError("\(object.name(of: key)): \(error.reason)", line: line)
            }
        }
        func duration(_ key: String) throws(FixtureError) -> Duration {
            guard let (text, line) = try object.string(key) else { return .zero }
            do {
                return try DurationText.parse(text)
            } catch {
                throw FixtureError("\(object.name(of: key)): \(error.reason)", line: line)
            }
        }
        self.init(
            name: name,
            down: try rate("down"),
            up: try rate("up"),
            latency: try duration("latency"),
            jitter: try duration("jitter")
        )
    }
}

/// The network profiles a project knows: the presets and the custom ones of its `standin.json`.
public struct NetworkCatalog: Sendable {
    private let profiles: [String: NetworkProfile]
    /// Every name, presets first, then the project's in the order `standin.json` gives them.
    public let names: [String]

    /// The presets and `custom` (whose names must not be a preset's).
    public init(custom: [NetworkProfile] = []) {
        let all = NetworkProfile.presets + custom
        profiles = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { _, custom in custom })
        names = all.map(\.name)
    }

    /// The profile named `name`.
    /// - Throws: an error naming the known profiles when there is none of that name.
    public func profile(named name: String) throws(FixtureError) -> NetworkProfile {
        guard let profile = profiles[name] else {
            throw FixtureError(
                "unknown network \(name.quoted); the known ones are \(names.joined(separator: ", "))"
                    + " (add others under \"networks\" in \(ProjectConfig.fileName))"
            )
        }
        return profile
    }
}
