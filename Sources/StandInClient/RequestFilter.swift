import Foundation

/// Which requests to read or verify: a method, a path (literal, or a template like `/users/{id}`), a body, or only
/// the unmatched ones. Method, path and unmatched are filtered by the server; the body here.
///
/// ```swift
/// .get("/users/1")
/// .post("/orders", json: #"{"product_id": "BOOK-42"}"#)   // the body contains this JSON
/// .request("PATCH", "/users/{id}", bodyContaining: "Ada")
/// .unmatched
/// ```
public struct RequestFilter: Sendable, CustomStringConvertible {
    /// What the body must hold.
    public enum Body: Sendable {
        /// JSON that contains this JSON: objects may have more members; arrays and scalars must be equal.
        case json(String)
        /// Text that contains this text.
        case containing(String)
    }

    /// Upper-case method, or any.
    public var method: String?
    /// A path or template, or any.
    public var path: String?
    /// The body, or any.
    public var body: Body?
    /// Only requests no fixture answered.
    public var unmatchedOnly: Bool

    /// Creates a filter; nil means "any".
    public init(method: String? = nil, path: String? = nil, body: Body? = nil, unmatchedOnly: Bool = false) {
        self.method = method?.uppercased()
        self.path = path
        self.body = body
        self.unmatchedOnly = unmatchedOnly
    }

    /// Every request.
    public static let any = RequestFilter()
    /// Requests no fixture answered.
    public static let unmatched = RequestFilter(unmatchedOnly: true)

    /// `method` requests to `path`, with a JSON body containing `json` if given.
    public static func request(_ method: String, _ path: String, json: String? = nil) -> RequestFilter {
        RequestFilter(method: method, path: path, body: json.map(Body.json))
    }

    /// `method` requests to `path` whose body contains `text`.
    public static func request(_ method: String, _ path: String, bodyContaining text: String) -> RequestFilter {
        RequestFilter(method: method, path: path, body: .containing(text))
    }

    public static func get(_ path: String) -> RequestFilter { request("GET", path) }
    public static func delete(_ path: String) -> RequestFilter { request("DELETE", path) }
    public static func post(_ path: String, json: String? = nil) -> RequestFilter { request("POST", path, json: json) }
    public static func put(_ path: String, json: String? = nil) -> RequestFilter { request("PUT", path, json: json) }
    public static func patch(_ path: String, json: String? = nil) -> RequestFilter {
        request("PATCH", path, json: json)
    }

    /// `POST /orders with body {"product_id":"BOOK-42"}`.
    public var description: String {
        var text = [method ?? "any method", path ?? "any path"].joined(separator: " ")
        switch body {
        case .json(let json): text += " with body \(Self.abbreviated(Self.compact(json)))"
        case .containing(let part): text += " with a body containing \(part.debugDescription)"
        case nil: break
        }
        if unmatchedOnly { text += " (unmatched)" }
        return text
    }

    /// Whether `request`'s body satisfies `body` (the server has checked the rest).
    func acceptsBody(_ request: RecordedRequest) -> Bool {
        switch body {
        case nil:
            return true
        case .containing(let part):
            return request.body?.contains(part) ?? false
        case .json(let expected):
            guard let wanted = Self.parse(expected), let text = request.body, let actual = Self.parse(text) else {
                return false
            }
            return Self.contains(actual, wanted)
        }
    }

    /// Whether `request` matches the whole filter, for ranking near misses.
    func accepts(_ request: RecordedRequest) -> Bool {
        (method == nil || method == request.method) && pathAccepts(request.path) && acceptsBody(request)
            && (!unmatchedOnly || request.fixture == nil)
    }

    func pathAccepts(_ actual: String) -> Bool {
        guard let path else { return true }
        guard path.contains("{") else { return path == actual }
        let wanted = path.split(separator: "/", omittingEmptySubsequences: false)
        let have = actual.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count == have.count else { return false }
        return zip(wanted, have).allSatisfy { ($0.hasPrefix("{") && $0.hasSuffix("}") && !$1.isEmpty) || $0 == $1 }
    }

    private static func parse(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Whether `actual` contains `expected`: objects by subset of members, everything else by equality.
    private static func contains(_ actual: Any, _ expected: Any) -> Bool {
        switch (actual, expected) {
        case (let actual as [String: Any], let expected as [String: Any]):
            return expected.allSatisfy { key, value in actual[key].map { contains($0, value) } ?? false }
        case (let actual as [Any], let expected as [Any]):
            return actual.count == expected.count && zip(actual, expected).allSatisfy { contains($0, $1) }
        case (let actual as NSObject, let expected as NSObject):
            return actual.isEqual(expected)
        default:
            return false
        }
    }

    /// JSON text without insignificant whitespace, when it parses.
    static func compact(_ json: String) -> String {
        guard let value = parse(json),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        else { return json }
        return String(decoding: data, as: UTF8.self)
    }

    /// Long bodies cut to 200 characters, with `…`.
    static func abbreviated(_ text: String) -> String {
        text.count <= 200 ? text : String(text.prefix(200)) + "…"
    }
}
