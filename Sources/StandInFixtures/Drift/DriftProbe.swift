import Foundation
import NetworkCore

/// The one request a fixture pins, as `standin drift` sends it to the real backend and to the fixtures: a literal
/// path and method, the query and headers it requires by `equals`, and the body it requires as JSON or text.
///
/// A fixture pins no request (and is skipped) when its path is a template or a regular expression, its method is
/// `ANY`, it requires a query parameter, header or body that no single value satisfies, or its path has dot segments
/// (`/../admin`), which the backend would read as another path (see `UpstreamTarget`). Secret headers
/// (`Redactor.defaultHeaders`) are never taken from a fixture: credentials come from the command line.
public struct DriftProbe: Sendable {
    /// The fixture's id.
    public let fixtureID: String
    /// `METHOD /path`.
    public let endpoint: String
    /// The method.
    public let method: HTTPRequest.Method
    /// The path and query, as sent.
    public let target: String
    /// The headers the fixture requires.
    public let headers: [(name: String, value: String)]
    /// The body, if the fixture requires one.
    public let body: [UInt8]?

    /// The probe of `fixture`, or nil when it pins no request.
    public init?(_ fixture: Fixture) {
        let pattern = fixture.request
        guard case .literal(let path) = pattern.path, case .exact(let name) = pattern.method,
            let method = HTTPRequest.Method(name)
        else { return nil }
        var query: [String] = []
        for field in pattern.query {
            switch field.matcher {
            case .equals(let value): query.append("\(Self.escape(field.name))=\(Self.escape(value))")
            case .present(false): continue
            default: return nil
            }
        }
        var headers: [(name: String, value: String)] = []
        for field in pattern.headers where !Redactor.standard.isSecret(header: field.name) {
            switch field.matcher {
            case .equals(let value): headers.append((field.name, value))
            case .present(false): continue
            default: return nil
            }
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
        default:
            return nil
        }
        let target = Self.escapePath(path) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        guard (try? UpstreamTarget.resolvingDotSegments(target)) == target else { return nil }
        fixtureID = fixture.id
        endpoint = fixture.endpoint
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
