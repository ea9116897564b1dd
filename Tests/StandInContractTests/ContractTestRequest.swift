import StandInContract
import StandInFixtures
import Testing

/// A request as the contract reads it, built in a test: `ContractTestRequest("GET", "/pets?limit=3")`.
struct ContractTestRequest: IncomingRequest {
    let method: String
    let path: String
    let rawQuery: Substring?
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    /// A request for `target` (a decoded path, then `?` and the raw query).
    init(_ method: String, _ target: String, headers: [(String, String)] = [], body: String = "") {
        self.method = method
        if let question = target.firstIndex(of: "?") {
            path = String(target[..<question])
            rawQuery = target[target.index(after: question)...]
        } else {
            path = target
            rawQuery = nil
        }
        self.headers = headers.map { (name: $0.0, value: $0.1) }
        self.body = Array(body.utf8)
    }

    func header(named name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A contract from a JSON spec written in a test.
func loadContract(_ json: String) throws -> Contract {
    try Contract(document: try JSONParser.parse(json))
}

/// A 3.1 spec holding `paths` (a JSON object's members), under `servers` when given.
func spec(_ paths: String, servers: String = "", components: String = "") -> String {
    let serverMember = servers.isEmpty ? "" : #""servers":[{"url":"\#(servers)"}],"#
    let componentsMember = components.isEmpty ? "" : #","components":{\#(components)}"#
    return
        #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},\#(serverMember)"paths":{\#(paths)}\#(componentsMember)}"#
}

/// The operation for `method` and `path` of `contract`, which the test requires.
func operation(_ contract: Contract, _ method: String, _ path: String) throws -> ContractOperation {
    try #require(contract.operation(method: method, path: path))
}
