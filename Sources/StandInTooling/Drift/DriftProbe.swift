import Foundation
import NetworkCore
import StandInFixtures

/// The one request a fixture pins, as `standin drift` sends it to the real backend and to the fixtures: a literal
/// path and method, the query and headers it requires by `equals`, and the body it requires as JSON or text.
///
/// A fixture pins no request (and is skipped, saying why) when its path is a template or a regular expression, its
/// method is `ANY`, it requires a query parameter or body that no single value satisfies, or its path has dot
/// segments (`/../admin`), which the backend would read as another path (see `UpstreamTarget`). Headers matched
/// otherwise than by `equals` (`prefix`, `regex`, `present`) are not sent, nor are secret headers
/// (`Redactor.defaultHeaders`): credentials come from the command line. Whether the fixture's match then holds is
/// `DriftCheck`'s to find out, with the command line's headers added.
public struct DriftProbe: Sendable {
    /// Why a fixture pins no request, as a sentence: `its path /items/{id} is a template, not one path to send`.
    public struct Unpinned: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The fixture's id.
    public var fixtureID: String { fixture.id }
    /// `METHOD /path`.
    public var endpoint: String { fixture.endpoint }
    /// The method.
    public let method: HTTPRequest.Method
    /// The path and query, as sent.
    public let target: String
    /// The headers the fixture requires.
    public let headers: [(name: String, value: String)]
    /// The body, if the fixture requires one.
    public let body: [UInt8]?
    /// The fixture the request is meant for.
    let fixture: Fixture

    /// The probe of `fixture`.
    /// - Throws: `Unpinned` when it pins no request.
    public init(_ fixture: Fixture) throws(Unpinned) {
        let pattern = fixture.request
        guard case .literal(let path) = pattern.path else {
            throw Unpinned(description: "its path \(pattern.path) is a pattern, not one path to send")
        }
        guard pattern.graphql == nil else {
            throw Unpinned(description: "it answers GraphQL operations, whose documents drift does not write")
        }
        guard case .exact(let name) = pattern.method else {
            throw Unpinned(description: "it answers any method, not one to send")
        }
        guard let method = HTTPRequest.Method(name) else {
            throw Unpinned(description: "its method \(name.quoted) cannot be sent")
        }
        var query: [String] = []
        for field in pattern.query {
            switch field.matcher {
            case .equals(let value): query.append("\(Self.escape(field.name))=\(Self.escape(value))")
            case .present(false): continue
            case let matcher:
                throw Unpinned(description: "its query \(field.name.quoted) is matched by \(matcher), not one value")
            }
        }
        var headers: [(name: String, value: String)] = []
        for field in pattern.headers where !Redactor.standard.isSecret(header: field.name) {
            if case .equals(let value) = field.matcher { headers.append((field.name, value)) }
        }
        switch pattern.body {
        case nil:
            body = nil
        case .json(let node), .equalsJSON(let node):
            body = node.compactBytes
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(("Content-Type", "application/json"))
            }
        case .equals(let text):
            body = Array(text.utf8)
        case let matcher?:
            throw Unpinned(description: "its body is matched by \(matcher), not one body to send")
        }
        let target = Self.escapePath(path) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        guard (try? UpstreamTarget.resolvingDotSegments(target)) == target else {
            throw Unpinned(description: "its path has dot segments, which the backend would read as another path")
        }
        self.fixture = fixture
        self.method = method
        self.target = target
        self.headers = headers
    }

    /// The request for a server at `baseURL` (its path, if any, prefixes the target; see `UpstreamTarget`), with
    /// `extraHeaders` (from the command line) added.
    public func request(
        to baseURL: URL,
        extraHeaders: [(name: String, value: String)] = [],
        timeout: Duration? = nil
    ) throws(UpstreamTarget.Refusal) -> TransportRequest {
        var fields = HTTPFields()
        for header in headers + extraHeaders {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        let head = try UpstreamTarget(target, under: baseURL).head(method: method, headerFields: fields)
        return TransportRequest(head: head, body: body.map { Data($0) }, timeout: timeout)
    }

    private static let unreserved = CharacterSet(charactersIn: "-._~").union(.alphanumerics)

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static func escapePath(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: unreserved.union(CharacterSet(charactersIn: "/"))) ?? path
    }
}
