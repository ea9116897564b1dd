/// A request as matching and rendering see it. The server's engine and `MockRegistry` each provide one.
///
/// Only method and path are read for every request; the rest is read when a fixture's matchers or templates ask,
/// so a request for a static fixture costs no header, query or body parsing.
public protocol IncomingRequest {
    /// The method, upper-case (`GET`).
    var method: String { get }
    /// The path, percent-decoded, without query or fragment.
    var path: String { get }
    /// The raw query string after `?`, without the `?`; nil when the target has none.
    var rawQuery: Substring? { get }
    /// The first value of a header; `name` is matched case-insensitively.
    func header(named name: String) -> String?
    /// The body's bytes.
    var body: [UInt8] { get }
    /// The host the request was sent to through the proxy (`api.example.com`, perhaps with `:port`): what a
    /// fixture's `request.host` is matched against. Nil on the main and session ports, where `request.host` is not
    /// matched.
    var proxyHost: String? { get }
}

extension IncomingRequest {
    /// Nil: a request that did not come through the proxy.
    public var proxyHost: String? { nil }
}
