import NetworkCore
import StandInSupport

extension MockRegistry {
    /// A `TransportRequest` as matching and rendering see it.
    struct Request: IncomingRequest {
        let method: String
        let path: String
        let rawQuery: Substring?
        let fields: HTTPFields
        let body: [UInt8]

        init(_ request: TransportRequest) {
            method = request.head.method.rawValue
            var target = Substring(request.head.path ?? "/")
            if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
            if let question = target.firstIndex(of: "?") {
                rawQuery = target[target.index(after: question)...]
                target = target[..<question]
            } else {
                rawQuery = nil
            }
            path = PercentDecoding.decode(target.isEmpty ? "/" : target)
            fields = request.head.headerFields
            body = request.body.map(Array.init) ?? []
        }

        func header(named name: String) -> String? {
            guard let name = HTTPField.Name(name) else { return nil }
            return fields[values: name].first
        }
    }
}
