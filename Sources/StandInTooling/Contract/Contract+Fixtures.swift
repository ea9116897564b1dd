import StandInContract
import StandInFixtures

extension Contract {
    /// The operations `fixture` answers: its method (each of the spec's methods for `ANY`, `POST` and `GET` for a
    /// GraphQL fixture) on its path, a template's `{name}` segments filled with a sample segment. None for a regex
    /// path, or when the spec lacks the endpoint.
    public func operations(answeredBy fixture: Fixture) -> [ContractOperation] {
        let path: String
        switch fixture.request.path {
        case .literal(let literal): path = literal
        case .template(let template): path = SampleValues.path(filling: template)
        case .regex: return []
        }
        let methods: [String]
        switch fixture.request.method {
        case .exact(let method): methods = [method]
        case .graphQL: methods = ["POST", "GET"]
        case .any:
            var seen: Set<String> = []
            methods = operations.map(\.method).filter { seen.insert($0).inserted }
        }
        var found: Set<String> = []
        return methods.compactMap { method in
            guard let operation = operation(method: method, path: path),
                found.insert("\(operation.method) \(operation.path)").inserted
            else { return nil }
            return operation
        }
    }
}

extension ContractOperation {
    /// `GET /pets/{id}`.
    public var endpoint: String { "\(method) \(path)" }

    /// The index in `responses` of the entry a response with `status` falls under: the status written out, else a
    /// range (`4XX`), else `default`; nil when none covers it.
    public func responseIndex(for status: Int) -> Int? {
        if let exact = responses.firstIndex(where: { $0.status == String(status) }) { return exact }
        if let range = responses.firstIndex(where: { $0.status != "default" && $0.covers(status: status) }) {
            return range
        }
        return responses.firstIndex { $0.status == "default" && $0.covers(status: status) }
    }
}
