import StandInFixtures

/// An in-memory request for matcher and renderer tests.
struct TestRequest: IncomingRequest {
    var method = "GET"
    var path = "/"
    var rawQuery: Substring?
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    /// The host the request was sent to through the proxy; nil for the main port.
    var proxyHost: String?

    init(_ target: String, headers: [String: String] = [:], body: String = "") {
        self.init("GET", target, headers: headers, body: body)
    }

    init(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") {
        self.method = method
        if let question = target.firstIndex(of: "?") {
            path = String(target[..<question])
            rawQuery = target[target.index(after: question)...]
        } else {
            path = target
        }
        self.headers = headers
        self.body = Array(body.utf8)
    }

    func header(named name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}
