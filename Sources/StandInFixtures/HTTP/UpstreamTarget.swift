import Foundation
import NetworkCore

/// Where a request for the real backend goes (record mode, `serve --fallback-upstream`, `standin drift`): the
/// backend's scheme and authority, taken from its base URL's parts, and a path that is the base URL's path followed by
/// the request's target.
///
/// Only an origin-form target (`/path?query`) is taken, and its dot segments are resolved first, so that nothing a
/// client sends reaches anything but the base URL's path: a target that is not a path could end up after the
/// authority once a transport writes the URL out (`https://host` and `@elsewhere/x` make `elsewhere` the host), and
/// `..` would climb out of `--upstream http://host/api` once the URL stack normalizes `http://host/api/../admin`.
public struct UpstreamTarget: Sendable, Equatable {
    /// Why a target is not sent.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The target does not start with `/` (`x/../admin`, `@host/x`, `*`, `host:port`).
        case notOriginForm(String)
        /// The target's `..` segments climb above the base URL's path.
        case climbsOut(String)
        /// The base URL has no scheme or host.
        case unusableBase(URL)

        public var description: String {
            switch self {
            case .notOriginForm(let target):
                "the target \(target.debugDescription) is not a path; a request for the upstream must start with /"
            case .climbsOut(let target):
                "\(target) climbs out of the upstream's path with dot segments"
            case .unusableBase(let url):
                "the upstream \(url) has no scheme or host"
            }
        }
    }

    /// The base URL's scheme.
    public let scheme: String
    /// The base URL's host and port, without any user name or password.
    public let authority: String
    /// The base URL's path followed by the target's path and query; starts with `/`.
    public let path: String

    /// The place of `target` (a request target as sent, not decoded) under `base`.
    public init(_ target: String, under base: URL) throws(Refusal) {
        let resolved = try Self.resolvingDotSegments(target)
        guard let components = URLComponents(url: base, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, let host = components.percentEncodedHost, !host.isEmpty
        else { throw .unusableBase(base) }
        self.scheme = scheme
        authority = components.port.map { "\(host):\($0)" } ?? host
        let prefix = components.percentEncodedPath
        path = (prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix) + resolved
    }

    /// The request head for the backend.
    public func head(method: HTTPRequest.Method, headerFields: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: method, scheme: scheme, authority: authority, path: path, headerFields: headerFields)
    }

    /// `target` with `.` and `..` segments removed (RFC 3986 §5.2.4), also when their dots are percent-encoded
    /// (`%2e`, `.%2E`), and the query kept as sent. Refused when it does not start with `/`, or when a `..` would
    /// climb above its first segment.
    public static func resolvingDotSegments(_ target: String) throws(Refusal) -> String {
        guard target.hasPrefix("/") else { throw .notOriginForm(target) }
        let queryStart = target.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? target.endIndex
        let path = target[..<queryStart]
        guard path.contains(".") || path.lowercased().contains("%2e") else { return target }
        var kept: [Substring] = []
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment.lowercased().replacingOccurrences(of: "%2e", with: ".") {
            case ".":
                if isLast { kept.append("") }
            case "..":
                guard !kept.isEmpty else { throw .climbsOut(target) }
                kept.removeLast()
                if isLast { kept.append("") }
            default:
                kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/") + target[queryStart...]
    }
}
