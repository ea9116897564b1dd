import Foundation
import StandInFixtures

/// Two fixtures that differ only by `request.host`: on the main port, where hosts are not matched, they answer the
/// same requests, and only the first by file name ever does. `standin check` warns of each; it is not an error, as
/// on the proxy port each answers its own host.
public struct HostCollision: Sendable, CustomStringConvertible {
    /// The fixture that answers on the main port: the first by id.
    public let winner: Fixture
    /// The fixture it hides there.
    public let hidden: Fixture
    /// The winner's host.
    let host: HostPattern
    /// The hidden fixture's host.
    let hiddenHost: HostPattern
    /// The winner's file, as people open it.
    let file: String
    /// The line of the winner's `request.host`.
    let line: Int
    /// The hidden fixture's file, as people open it.
    let hiddenFile: String

    /// `users/a.json:2: warning: GET /users/{id} for api.example.com and users/b.json for api.other.com answer the
    /// same requests on the main port, where request.host is not matched; the first by file name wins there`.
    public var description: String {
        "\(file):\(line): warning: \(winner.endpoint) for \(host) and \(hiddenFile) for \(hiddenHost) answer the same "
            + "requests on the main port, where request.host is not matched; the first by file name wins there"
    }

    /// Every collision among the fixtures of `loaded`: in each set of host-pinned fixtures with the same priority
    /// and the same conditions but for the host, the first by id against each one with another host.
    public static func all(in loaded: FixtureLoadResult) -> [HostCollision] {
        let pinned = loaded.fixtures.compactMap { fixture in fixture.request.host.map { Pinned(fixture, $0) } }
        // Only fixtures of one endpoint and priority can answer the same requests; compare within those alone.
        let byEndpoint = Dictionary(grouping: pinned) {
            EndpointKey(endpoint: $0.fixture.endpoint, priority: $0.fixture.priority)
        }
        var collisions: [HostCollision] = []
        for fixtures in byEndpoint.values {
            var sets: [[Pinned]] = []
            for pinned in fixtures.sorted(by: { $0.fixture.id < $1.fixture.id }) {
                let request = pinned.fixture.request
                let same = sets.firstIndex { $0[0].fixture.request.acceptsSameRequests(ignoringHost: request) }
                if let same { sets[same].append(pinned) } else { sets.append([pinned]) }
            }
            for set in sets {
                for hidden in set.dropFirst() where hidden.host != set[0].host {
                    collisions.append(HostCollision(winner: set[0], hidden: hidden, in: loaded.directory))
                }
            }
        }
        return collisions.sorted { ($0.winner.id, $0.hidden.id) < ($1.winner.id, $1.hidden.id) }
    }

    private init(winner: Pinned, hidden: Pinned, in directory: URL) {
        self.winner = winner.fixture
        self.hidden = hidden.fixture
        host = winner.host
        hiddenHost = hidden.host
        let url = directory.appendingPathComponent(winner.fixture.id)
        file = url.relativePathForDisplay
        hiddenFile = directory.appendingPathComponent(hidden.fixture.id).relativePathForDisplay
        // The fixture keeps no lines; read them again for the rare fixture that collides.
        let root = try? JSONParser.parse(Data(contentsOf: url))
        line = root?["request"]?.member("host")?.keyLine ?? 1
    }

    /// A fixture with its `request.host`.
    private struct Pinned {
        let fixture: Fixture
        let host: HostPattern

        init(_ fixture: Fixture, _ host: HostPattern) {
            self.fixture = fixture
            self.host = host
        }
    }

    private struct EndpointKey: Hashable {
        let endpoint: String
        let priority: Int
    }
}
