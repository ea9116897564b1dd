import Foundation
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client for a running StandIn's admin API, for tests: add and remove fixtures, pick variants, reset, read the
/// request journal and verify what the app sent.
///
/// ```swift
/// let standin = StandInAdmin(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// try await standin.reset()
/// // … exercise the app …
/// try await standin.verify(.post("/orders", json: #"{"product_id": "BOOK-42"}"#))
/// ```
///
/// It needs only Foundation (no libevent), so an iOS test target can use it against a StandIn on the Mac.
public struct StandInAdmin: Sendable {
    /// The server's base URL (`http://127.0.0.1:8080`).
    public let baseURL: URL
    /// The `--admin-token` the server was started with, if any.
    public let token: String?
    /// The session this client acts on (`startSession()`), or nil for the server's shared state.
    public let sessionID: String?
    /// The session's HTTPS base URL, on a server with a TLS port (`serve --tls-port`); nil otherwise.
    public let tlsBaseURL: URL?
    /// The session's own proxy, on a server with a proxy (`serve --proxy-port`); nil otherwise.
    public let proxyURL: URL?
    private let session: URLSession

    /// Creates a client for the StandIn at `baseURL`.
    public init(baseURL: URL, token: String? = nil, session: URLSession = .shared) {
        self.init(baseURL: baseURL, token: token, sessionID: nil, tlsBaseURL: nil, proxyURL: nil, session: session)
    }

    private init(
        baseURL: URL,
        token: String?,
        sessionID: String?,
        tlsBaseURL: URL?,
        proxyURL: URL?,
        session: URLSession
    ) {
        self.baseURL = baseURL
        self.token = token
        self.sessionID = sessionID
        self.tlsBaseURL = tlsBaseURL
        self.proxyURL = proxyURL
        self.session = session
    }

    /// `POST /__standin/sessions`: starts a session, a world of its own for one test, and returns a client for it.
    /// Its `baseURL` is the session's own port (and `tlsBaseURL` its HTTPS port, on a server with one; `proxyURL` its
    /// proxy, on a server with a proxy): point the app under test there. Every call on the returned client
    /// (variants, fixtures, reset, requests, verify) acts on the session only; `end()` ends it.
    /// - Parameters:
    ///   - name: shown in `GET /__standin/sessions`.
    ///   - ttl: how long the session lives without a request (`"10m"`, `"2h"`; at most 24 h); the server's default
    ///     is 30 minutes.
    public func startSession(name: String? = nil, ttl: String? = nil) async throws -> StandInAdmin {
        var fields: [String: String] = [:]
        fields["name"] = name
        fields["ttl"] = ttl
        let body = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        let started: StartedSession = try await call("POST", "sessions", body: body)
        guard let sessionURL = URL(string: started.baseURL) else {
            throw StandInAdminError(
                call: "POST /__standin/sessions",
                status: 201,
                message: "the server answered a base URL that is not a URL: \(started.baseURL)"
            )
        }
        return StandInAdmin(
            baseURL: sessionURL,
            token: token,
            sessionID: started.id,
            tlsBaseURL: started.tlsBaseURL.flatMap(URL.init(string:)),
            proxyURL: started.proxyURL.flatMap(URL.init(string:)),
            session: session
        )
    }

    /// `DELETE /__standin/sessions/{id}`: ends the session this client was started for; its port closes and its
    /// state is freed. Throws on a client of the shared state.
    public func end() async throws {
        guard let sessionID else {
            throw StandInAdminError(
                call: "end()",
                status: 0,
                message: "this client acts on the server's shared state, not a session; start one with startSession()"
            )
        }
        let _: Ignored = try await call("DELETE", "sessions/" + sessionID)
    }

    /// `GET /__standin/health`: the server is up; how many fixtures it serves.
    public func health() async throws -> Health {
        try await call("GET", "health")
    }

    /// `GET /__standin/fixtures`: every fixture, with its variants, selected variant and hits.
    public func fixtures() async throws -> [FixtureInfo] {
        let list: FixtureList = try await call("GET", "fixtures")
        return list.fixtures
    }

    /// `POST /__standin/fixtures`: adds a fixture (the JSON of a fixture file) and returns its id (`runtime/1`).
    /// It wins over file fixtures of the same priority and path kind until removed or reset.
    @discardableResult
    public func addFixture(_ json: String) async throws -> String {
        let added: AddedFixture = try await call("POST", "fixtures", body: Data(json.utf8))
        return added.id
    }

    /// `DELETE /__standin/fixtures/{id}`: removes a fixture added with `addFixture`.
    public func removeFixture(id: String) async throws {
        let _: Ignored = try await call("DELETE", "fixtures/" + id)
    }

    /// `PUT /__standin/variants`: serves `variant` for `endpoint` (`GET /users/{id}`); nil goes back to the default.
    public func setVariant(_ variant: String?, for endpoint: String) async throws {
        try await setVariants([endpoint: variant])
    }

    /// `PUT /__standin/variants`: several at once, all or nothing.
    public func setVariants(_ variants: [String: String?]) async throws {
        let object = variants.mapValues { $0.map { $0 as Any } ?? NSNull() }
        let body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let _: [String: String] = try await call("PUT", "variants", body: body)
    }

    /// `POST /__standin/reset`: drops added fixtures, restarts sequences, restores the start-up variants, clears the
    /// journal.
    public func reset() async throws {
        let _: Ignored = try await call("POST", "reset")
    }

    /// `POST /__standin/reload`: rereads the mocks directory now; returns each broken file as `file:line: reason`.
    @discardableResult
    public func reload() async throws -> [String] {
        let outcome: ReloadOutcome = try await call("POST", "reload")
        return outcome.diagnostics.map(\.message)
    }

    /// `GET /__standin/requests`: the journaled requests `filter` accepts, oldest first, every page of them.
    public func requests(matching filter: RequestFilter = .any) async throws -> [RecordedRequest] {
        var query: [URLQueryItem] = []
        if let method = filter.method { query.append(URLQueryItem(name: "method", value: method)) }
        if let path = filter.path { query.append(URLQueryItem(name: "path", value: path)) }
        if filter.unmatchedOnly { query.append(URLQueryItem(name: "unmatched", value: "true")) }
        var requests: [RecordedRequest] = []
        var cursor: Int?
        repeat {
            let since = cursor.map { [URLQueryItem(name: "since", value: String($0))] } ?? []
            let page: JournalPage = try await call("GET", "requests", query: query + since)
            requests += page.requests.filter(filter.acceptsBody)
            cursor = page.next
        } while cursor != nil
        return requests
    }

    /// `DELETE /__standin/requests`: empties the journal.
    public func clearRequests() async throws {
        let _: Ignored = try await call("DELETE", "requests")
    }

    private struct FixtureList: Decodable { let fixtures: [FixtureInfo] }
    private struct StartedSession: Decodable {
        let id: String
        let baseURL: String
        let tlsBaseURL: String?
        let proxyURL: String?
    }
    private struct AddedFixture: Decodable { let id: String }
    private struct JournalPage: Decodable {
        let requests: [RecordedRequest]
        /// The cursor of the next page; nil on the last.
        let next: Int?
    }
    private struct ReloadOutcome: Decodable {
        struct Diagnostic: Decodable { let message: String }
        let diagnostics: [Diagnostic]
    }
    struct Ignored: Decodable {}
    private struct ErrorEnvelope: Decodable { let message: String }

    /// Makes one admin call and decodes its answer; throws `StandInAdminError` for a status outside 2xx.
    func call<Response: Decodable>(
        _ method: String,
        _ route: String,
        query: [URLQueryItem] = [],
        body: Data? = nil
    ) async throws -> Response {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.path = "/__standin/" + route
        components.queryItems = query.isEmpty ? nil : query
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.httpBody = body
        if method != "GET" { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.exchange(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let message = (try? JSONDecoder().decode(ErrorEnvelope.self, from: data))?.message
            throw StandInAdminError(
                call: "\(method) /__standin/\(route)",
                status: status,
                message: message ?? String(decoding: data, as: UTF8.self)
            )
        }
        return try JSONDecoder().decode(Response.self, from: data)
    }
}

/// The admin API refused a call: its status and the server's message.
public struct StandInAdminError: Error, Sendable, CustomStringConvertible {
    /// `PUT /__standin/variants`.
    public let call: String
    /// The HTTP status.
    public let status: Int
    /// What the server said is wrong.
    public let message: String

    public var description: String { "\(call) failed with \(status): \(message)" }
}
